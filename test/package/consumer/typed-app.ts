// A consumer's TypeScript program over codev's public API, for type-checking only (test/package/types-*.test.ts
// and the consumer type-check benchmark): a tool, a hook, a plugin, an agent definition, a kernel, a direct tool
// call, an agent turn against the fake server, an error. Every type comes from codev's published declarations.
import { z } from 'zod';
import { buildTool, defineHook, definePlugin } from 'codev/plugin';
import { CodevError, createAgent, createKernel, defineAgent, runToolUse, type AgentEvent, type MessageEntry } from 'codev';
import { createFakeMessagesServer, textReply, toolUseReply } from 'codev/testing';

const shout = buildTool({
  name: 'Shout',
  description: 'Say a message loudly',
  inputSchema: z.object({ message: z.string(), times: z.number().int().optional() }),
  isReadOnly: () => true,
  async call({ message, times }) {
    return { data: message.toUpperCase().repeat(times ?? 1) };
  },
});

const audit = defineHook({
  event: 'PreToolUse',
  matcher: 'Shout',
  handler: ({ toolInput }) => (String(toolInput.message).includes('secret') ? { decision: 'deny', reason: 'no secrets' } : undefined),
});

export const plugin = definePlugin({ name: 'team', tools: [shout], hooks: [audit] });
export const definition = defineAgent({ system: 'You are careful.', maxTurns: 5 });

/** The roles of a transcript's messages: the Messages API types codev's declarations carry. */
export const roles = (entries: readonly MessageEntry[]): string[] => entries.map((entry) => entry.message.role);

export async function main(project: string): Promise<void> {
  const kernel = await createKernel({ cwd: project, extraTools: [shout] });
  const server = await createFakeMessagesServer({
    apiKey: 'key',
    script: [toolUseReply('Shout', { message: 'hi' }, { id: 'toolu_1' }), textReply('It said HI.')],
  });
  try {
    const context = kernel.createToolUseContext();
    for await (const update of runToolUse({ type: 'tool_use', id: 'toolu_direct', name: 'Shout', input: { message: 'direct' } }, undefined, async () => ({ behavior: 'allow' }), context)) {
      if (update.type === 'result') console.log(update.status, update.output);
    }
    const agent = createAgent({ kernel, apiKey: 'key', baseURL: server.url, maxRetries: 0, canUseTool: async () => ({ behavior: 'allow' }) });
    for await (const event of agent.query([{ type: 'text', text: 'Shout hi' }])) {
      const seen: AgentEvent = event;
      if (seen.type === 'text') console.log(seen.text);
      if (seen.type === 'end') console.log(seen.reason, seen.turns);
    }
    const [request] = server.requests;
    console.log(request?.body.messages?.length, new CodevError('TOOL_FAILED', 'x').code);
  } finally {
    await kernel.close();
    await server.close();
  }
}
