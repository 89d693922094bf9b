/**
 * type-check's consumer app for codev (bench/type-check.mjs copies it into a project with the packed checkout
 * installed): the public API a script uses, as README's first example uses it: a tool of its own, one call
 * through the lifecycle, an agent, and an agent script's definition.
 */
import { z } from 'zod';
import { buildTool, createAgent, createKernel, defineAgent, runToolUse } from 'codev';

const shout = buildTool({
  name: 'Shout',
  description: 'Say a message loudly',
  inputSchema: z.object({ message: z.string() }),
  isReadOnly: () => true,
  async call({ message }) {
    return { data: message.toUpperCase() };
  },
});

const kernel = await createKernel({ extraTools: [shout] });
const allow = async () => ({ behavior: 'allow' as const });
for await (const update of runToolUse({ type: 'tool_use', id: 'toolu_1', name: 'Shout', input: { message: 'hi' } }, undefined, allow, kernel.createToolUseContext())) {
  if (update.type === 'result') console.log(update.output);
}
const agent = createAgent({ kernel, maxTurns: 3 });
for await (const event of agent.query('Shout "hello" and tell me what came back')) {
  if (event.type === 'text') console.log(event.text);
}
await kernel.close();

export const definition = defineAgent({ system: 'You are a careful engineer.', maxTurns: 20 });
