/**
 * A query whose reader stops reading (`break` out of `for await`, `return()` on the generator) in the middle
 * of a turn, after the model called tools and before their results were sent: the agent must stay usable.
 * The conversation in memory and in the transcript must answer every call (the results that came, the
 * others as interrupted), the calls still running must be stopped, and the next query must be one the API
 * takes. The fake Messages API refuses a conversation with an unanswered call, as the real one does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { createFakeMessagesServer, createTestKernel, textReply, type FakeMessagesServer, type FakeReply, type TestKernel } from '../../src/testing/index.ts';
import { buildTool } from '../../src/tool/build-tool.ts';

let server: FakeMessagesServer;
let test: TestKernel;
let next: () => FakeReply;
/** Requests the script answered: any other was refused by the server (a 400 for an invalid conversation). */
let answered = 0;
/** Whether the Wait call's signal aborted, once it ended. */
let waitAborted: Promise<boolean>;
let settleWait: (aborted: boolean) => void;

// Not concurrency-safe: it runs alone, and its result comes before the Wait call starts.
const quick = buildTool({ name: 'Quick', description: 'Answers at once', inputSchema: z.object({}), isReadOnly: () => true, call: () => ({ data: 'quick result' }) });
const wait = buildTool({
  name: 'Wait',
  description: 'Waits until the query is interrupted',
  inputSchema: z.object({}),
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  interruptBehavior: () => 'cancel',
  call: (_input, context) =>
    new Promise<{ data: string }>((resolve) => {
      context.onProgress({ type: 'waiting' } as never);
      context.signal.addEventListener('abort', () => {
        settleWait(true);
        resolve({ data: 'stopped' });
      });
    }),
});

beforeEach(async () => {
  answered = 0;
  waitAborted = new Promise((resolve) => (settleWait = resolve));
  server = await createFakeMessagesServer({
    apiKey: 'test-key',
    script: () => {
      answered++;
      return next();
    },
  });
  test = await createTestKernel({ mcp: false, env: {}, baseTools: [], extraTools: [quick, wait], allow: ['Quick', 'Wait'] });
});
afterEach(async () => {
  settleWait(false);
  await server.close();
  await test.cleanup();
});

const agentOf = (resume?: string) => createAgent({ kernel: test.kernel, apiKey: 'test-key', baseURL: server.url, maxRetries: 0, ...(resume && { resume }) });
const twoCalls: FakeReply = { content: [{ type: 'tool_use', id: 'toolu_quick', name: 'Quick', input: {} }, { type: 'tool_use', id: 'toolu_wait', name: 'Wait', input: {} }] };

async function drain(events: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
  const seen: AgentEvent[] = [];
  for await (const event of events) seen.push(event);
  return seen;
}

/** The tool results of the agent's third message (the answer to its calls), by call. */
function answers(messages: readonly { role: string; content: unknown }[]): Record<string, { is_error?: boolean; content?: unknown }> {
  const content = messages[2]?.role === 'user' && Array.isArray(messages[2].content) ? (messages[2].content as { type: string; tool_use_id?: string }[]) : [];
  return Object.fromEntries(content.filter((block) => block.type === 'tool_result').map((block) => [block.tool_use_id, block]));
}

describe('a query whose reader stops reading after the model called tools', () => {
  it.each([
    ['before any call ran', 'tool-call'],
    ['while a call runs, after the result of the one before it', 'tool-progress'],
  ] as const)('%s: every call is answered, the running one stopped, and the next query (and a resume) goes on', async (_when, stopAt) => {
    const replies: FakeReply[] = [twoCalls, textReply('second answer'), textReply('resumed answer')];
    next = () => replies.shift()!;
    const agent = agentOf();
    for await (const event of agent.query('call both')) if (event.type === stopAt) break;

    const calls = answers(agent.messages);
    expect(Object.keys(calls).sort()).toEqual(['toolu_quick', 'toolu_wait']);
    expect(calls.toolu_wait).toMatchObject({ is_error: true });
    if (stopAt === 'tool-progress') {
      expect(calls.toolu_quick).toMatchObject({ content: 'quick result' });
      expect(await waitAborted).toBe(true);
    }

    expect((await drain(agent.query('and now?'))).at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    await agent.close();
    const resumed = agentOf(agent.sessionId);
    const events = await drain(resumed.query('again'));
    await resumed.close();
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    // The transcript had every call answered: nothing to repair.
    expect(events.filter((event) => event.type === 'session-repaired')).toEqual([]);
    expect(server.requests.length).toBe(answered);
  });
});
