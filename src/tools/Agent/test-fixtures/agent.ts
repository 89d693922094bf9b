/** Shared pieces of the Agent tool's tests: a routed fake model, small tools, a runner. Not shipped. */
import { afterEach } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../../agent/create-agent.ts';
import type { AgentEvent, AgentOptions } from '../../../agent/types.ts';
import type { ToolUseContext } from '../../../execution/types.ts';
import { createFakeMessagesServer } from '../../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, type FakeReply } from '../../../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, RecordedRequest } from '../../../testing/fake-messages-server/types.ts';
import { buildTool, withToolSource } from '../../../tool/build-tool.ts';

const servers: FakeMessagesServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * A fake Messages API whose replies are chosen per conversation: `scripts[firstUserMessage]` lists the
 * replies of that conversation in order (the nth reply answers the request with n-1 assistant turns).
 * The main agent and each subagent start from a different prompt, so each gets its own script.
 * `holdMs[firstUserMessage]` delays every reply of that conversation, to keep a subagent running.
 */
export async function serveConversations(scripts: Record<string, FakeReply[]>, options: { holdMs?: Record<string, number> } = {}) {
  const server = await createFakeMessagesServer({
    apiKey: 'test-key',
    script: async (request: RecordedRequest) => {
      const messages = request.body.messages ?? [];
      const first = messages[0]?.content;
      const key = typeof first === 'string' ? first : JSON.stringify(first);
      const turn = messages.filter((message) => message.role === 'assistant').length;
      const hold = options.holdMs?.[key];
      if (hold) await new Promise((resolve) => setTimeout(resolve, hold));
      return scripts[key]?.[turn] ?? textReply(`(no script for "${key}" turn ${turn})`);
    },
  });
  servers.push(server);
  return server;
}

/** The requests of the conversation that started with `prompt`. */
export function requestsOf(server: FakeMessagesServer, prompt: string): RecordedRequest[] {
  return server.requests.filter((request) => request.body.messages?.[0]?.content === prompt);
}

/** The tool names a request offered the model. */
export function toolNames(request: RecordedRequest): string[] {
  return ((request.body.tools ?? []) as { name: string }[]).map((tool) => tool.name);
}

/** A read-only tool that answers with its text. */
export const echoTool = withToolSource(
  buildTool({
    name: 'Echo',
    description: 'Echo a text',
    inputSchema: z.object({ text: z.string() }),
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    renderToolUseMessage: (input) => input.text ?? '',
    call: ({ text }) => ({ data: `echo: ${text}` }),
  }),
  { type: 'builtin' },
);

/** A tool that runs until its call is aborted. */
export const sleepTool = withToolSource(
  buildTool({
    name: 'Sleep',
    description: 'Wait until stopped',
    inputSchema: z.object({}),
    isReadOnly: () => true,
    interruptBehavior: () => 'cancel',
    call: (_input, context) => new Promise<{ data: string }>((resolve) => context.signal.addEventListener('abort', () => resolve({ data: 'woke' }), { once: true })),
  }),
  { type: 'builtin' },
);

/** Runs one query of a main agent over `context` and the fake server; returns its events. */
export async function runMain(options: {
  server: FakeMessagesServer;
  prompt: string;
  context: () => ToolUseContext;
  agentOptions?: Partial<AgentOptions>;
}): Promise<AgentEvent[]> {
  const agent = createAgent({
    apiKey: 'test-key',
    baseURL: options.server.url,
    maxRetries: 0,
    createToolUseContext: (signal) => Object.assign(options.context(), { signal }),
    ...options.agentOptions,
  });
  const events: AgentEvent[] = [];
  for await (const event of agent.query(options.prompt)) events.push(event);
  return events;
}

/** The text of each tool result event of a tool. */
export function resultTexts(events: readonly AgentEvent[], toolName: string): string[] {
  return events.flatMap((event) => {
    if (event.type !== 'tool-result' || event.toolName !== toolName) return [];
    const content = event.block.content;
    return [typeof content === 'string' ? content : content.map((part) => ('text' in part ? part.text : '')).join('\n')];
  });
}
