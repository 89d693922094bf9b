/** Shared fixtures of the session hook tests: top-level queries over a fake model. Not shipped. */
import type Anthropic from '@anthropic-ai/sdk';
import type { ToolHook } from '../../hooks/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, type FakeReply } from '../../testing/fake-messages-server/fake-reply.ts';
import type { RecordedRequest } from '../../testing/fake-messages-server/types.ts';
import { createAgent } from '../create-agent.ts';
import type { AgentEvent } from '../types.ts';

/** What one query gave: its events, the model requests, the context's warnings and the agent's transcript. */
export interface QueryRun {
  events: AgentEvent[];
  requests: RecordedRequest[];
  warnings: string[];
  messages: readonly Anthropic.MessageParam[];
}

/**
 * Runs `prompt` (default `'fix the bug'`), or each of `prompts` in turn, on one top-level agent whose context
 * has `hooks` (and `cwd`); the nth model request gets `replies[n]`, else a text reply naming n. The
 * context's `onWarning` collects `warnings`.
 */
export async function runQuery(options: { hooks: readonly ToolHook[]; replies?: FakeReply[]; prompt?: string; prompts?: readonly string[]; maxTurns?: number; cwd?: string }): Promise<QueryRun> {
  const server = await createFakeMessagesServer({ apiKey: 'test-key', script: (_request, index) => options.replies?.[index] ?? textReply(`reply ${index}`) });
  try {
    const warnings: string[] = [];
    const context = Object.assign(createTestContext({ hooks: options.hooks, cwd: options.cwd }), { onWarning: (message: string) => void warnings.push(message) });
    const agent = createAgent({ apiKey: 'test-key', baseURL: server.url, maxRetries: 0, maxTurns: options.maxTurns, createToolUseContext: (signal) => Object.assign(context, { signal }) });
    const events: AgentEvent[] = [];
    for (const prompt of options.prompts ?? [options.prompt ?? 'fix the bug']) {
      for await (const event of agent.query(prompt)) events.push(event);
    }
    return { events, requests: server.requests, warnings, messages: agent.messages };
  } finally {
    await server.close();
  }
}

/** The last message of a model request. */
export function lastMessage(request: RecordedRequest): Anthropic.MessageParam | undefined {
  return request.body.messages?.at(-1);
}
