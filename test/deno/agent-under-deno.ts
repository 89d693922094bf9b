/**
 * Run by test/deno/deno.test.ts under Deno (`deno run -A test/deno/agent-under-deno.ts`): the whole agent loop
 * inside Deno — the fake Messages API server (node:http), the real Anthropic SDK, the repo's kernel with its
 * plugins loaded through jiti, and runToolUses. Prints one JSON line per agent event, then one `requests`
 * line with what the server received, closes everything and ends on its own (no process.exit: a handle
 * left open would show up as a hang in the test).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAgent, createKernel } from 'codev';
import { createFakeMessagesServer, textReply, toolUseReply } from 'codev/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const print = (value: unknown) => console.log(JSON.stringify(value));

const server = await createFakeMessagesServer({
  apiKey: 'deno-test-key',
  script: [toolUseReply('Echo', { message: 'hi from deno', times: 2 }, { id: 'toolu_deno_1', text: 'Let me echo that.' }), textReply('Echo replied twice.')],
});
const kernel = await createKernel({ cwd: root });
try {
  print({ type: 'runtime', deno: typeof (globalThis as { Deno?: unknown }).Deno === 'object', tools: kernel.tools.map((tool) => tool.name), errors: kernel.errors.map((error) => error.message) });
  const agent = createAgent({ kernel, apiKey: 'deno-test-key', baseURL: server.url, maxRetries: 0 });
  for await (const event of agent.query('Echo "hi from deno" twice')) {
    // The end event carries the whole transcript; the test reads it from the requests line instead.
    print(event.type === 'end' ? { ...event, messages: event.messages.length } : event);
  }
  await agent.close();
  print({
    type: 'requests',
    requests: server.requests.map((request) => ({
      path: request.path,
      stream: request.stream,
      tools: (request.body.tools ?? []).map((tool) => ('name' in tool ? tool.name : tool.type)),
      messages: request.body.messages?.length,
    })),
  });
} finally {
  await kernel.close();
  await server.close();
}
