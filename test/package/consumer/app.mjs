// The program a new user writes after `npm i codev zod`: one tool call (a tool built with `codev/plugin`)
// through runToolUse, then one agent turn against the fake Messages server of `codev/testing`. Plain JavaScript that is also valid, strictly
// typed TypeScript (every type is inferred from codev's declarations), so the package test runs this very
// file under Node, type-checks it with tsc and runs and checks it under Deno (with `npm:` specifiers).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { buildTool } from 'codev/plugin';
import { CodevError, createAgent, createKernel, runToolUse } from 'codev';
import { createFakeMessagesServer, textReply, toolUseReply } from 'codev/testing';

const shout = buildTool({
  name: 'Shout',
  description: 'Say a message loudly',
  inputSchema: z.object({ message: z.string() }),
  isReadOnly: () => true,
  async call({ message }) {
    return { data: message.toUpperCase() };
  },
});

const print = (value = {}) => console.log(JSON.stringify(value));
const project = mkdtempSync(path.join(os.tmpdir(), 'codev-consumer-'));
const kernel = await createKernel({ cwd: project, extraTools: [shout] });
const server = await createFakeMessagesServer({
  apiKey: 'consumer-key',
  script: [toolUseReply('Shout', { message: 'hi' }, { id: 'toolu_consumer_1' }), textReply('It said HI.')],
});
try {
  const context = kernel.createToolUseContext();
  for await (const update of runToolUse({ type: 'tool_use', id: 'toolu_direct', name: 'Shout', input: { message: 'direct' } }, undefined, async () => ({ behavior: 'allow' }), context)) {
    if (update.type === 'result') print({ type: 'direct', status: update.status, output: update.output });
  }
  const agent = createAgent({ kernel, apiKey: 'consumer-key', baseURL: server.url, maxRetries: 0, canUseTool: async () => ({ behavior: 'allow' }) });
  for await (const event of agent.query('Shout hi')) {
    if (event.type === 'tool-result') print({ type: event.type, status: event.status, content: event.block.content });
    if (event.type === 'text') print({ type: event.type, text: event.text });
    if (event.type === 'end') print({ type: event.type, reason: event.reason, turns: event.turns });
  }
  print({ type: 'error-class', codevError: new CodevError('TOOL_FAILED', 'x').code });
} finally {
  await kernel.close();
  await server.close();
  rmSync(project, { recursive: true, force: true });
}
