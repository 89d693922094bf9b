import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeMessagesServer } from '../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../testing/fake-messages-server/fake-reply.ts';
import type { FakeMessagesServer, FakeMessagesServerOptions } from '../testing/fake-messages-server/types.ts';
import { createTestContext } from '../testing/create-test-context.ts';
import { buildTool } from '../tool/build-tool.ts';
import { createAgentTool } from '../tools/Agent/create-agent-tool.ts';
import { createFileSessionStore } from '../transcripts/create-file-session-store.ts';
import type { RecordEntry, SessionRecord, SessionStore, TranscriptEntry } from '../transcripts/types.ts';
import { createAgent } from './create-agent.ts';
import type { AgentEvent, AgentOptions } from './types.ts';

const PRIMARY = 'claude-opus-4-6';
const SECOND = 'claude-sonnet-4-6';

let server: FakeMessagesServer | undefined;
let directory: string;
let store: SessionStore;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'codev-records-'));
  store = createFileSessionStore({ directory });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(directory, { recursive: true, force: true });
});

const echo = buildTool({ name: 'Echo', description: 'Echoes', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, call: ({ text }) => ({ data: text }) });

async function run(serverOptions: FakeMessagesServerOptions, options: AgentOptions, prompt = 'go'): Promise<{ events: AgentEvent[]; sessionId?: string }> {
  server = await createFakeMessagesServer(serverOptions);
  const agent = createAgent({ tools: [echo], apiKey: 'k', baseURL: server.url, model: PRIMARY, maxRetries: 1, retryBaseDelayMs: 1, canUseTool: () => ({ behavior: 'allow' }), persistSession: true, sessionStore: store, ...options });
  const events: AgentEvent[] = [];
  try {
    for await (const event of agent.query(prompt)) events.push(event);
  } finally {
    await agent.close();
  }
  return { events, sessionId: agent.sessionId };
}

const linesOf = (id: string): TranscriptEntry[] => readFileSync(path.join(directory, `${id}.jsonl`), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as TranscriptEntry);
const shapeOf = (entry: TranscriptEntry) => (entry.type === 'record' ? `record:${entry.record.kind}` : entry.type === 'message' ? `${entry.message.role}` : entry.type);
const recordsOf = <K extends SessionRecord['kind']>(entries: TranscriptEntry[], kind: K) => entries.filter((entry): entry is RecordEntry => entry.type === 'record' && entry.record.kind === kind).map((entry) => entry.record as Extract<SessionRecord, { kind: K }>);

describe('session records', () => {
  it('writes a retry, a fallback, each request and each tool call, in order, beside the messages they are of', async () => {
    let replies = 0;
    const { events, sessionId } = await run({ overloadedModels: [PRIMARY], script: () => (replies++ === 0 ? toolUseReply('Echo', { text: 'hi' }, { id: 'toolu_1' }) : textReply('done')) }, { fallbackModel: SECOND });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    const entries = linesOf(sessionId!);
    expect(entries.map(shapeOf)).toEqual([
      'session', 'user',
      'record:retry', 'record:model-fallback', 'assistant', 'record:request', 'record:tool-call', 'user',
      'record:retry', 'record:model-fallback', 'assistant', 'record:request',
      'state',
    ]);
    const [firstRequest, secondRequest] = recordsOf(entries, 'request');
    const replyUuids = entries.filter((entry) => entry.type === 'message' && entry.message.role === 'assistant').map((entry) => (entry as { uuid: string }).uuid);
    expect([firstRequest!.replyUuid, secondRequest!.replyUuid]).toEqual(replyUuids);
    const usages = events.filter((event): event is Extract<AgentEvent, { type: 'usage' }> => event.type === 'usage');
    expect(firstRequest).toMatchObject({ turn: 1, model: SECOND, usage: usages[0]!.usage, costUsd: usages[0]!.costUsd });
    expect(secondRequest).toMatchObject({ turn: 2, model: SECOND, costUsd: usages[1]!.costUsd });
    expect(firstRequest!.durationMs).toBeGreaterThanOrEqual(0);
    expect(recordsOf(entries, 'retry')[0]).toMatchObject({ turn: 1, attempt: 1, maxRetries: 1, error: { code: 'MODEL_OVERLOADED', status: 529 } });
    expect(recordsOf(entries, 'model-fallback')[1]).toMatchObject({ turn: 2, from: PRIMARY, to: SECOND, error: { code: 'MODEL_OVERLOADED' } });
    expect(recordsOf(entries, 'tool-call')).toEqual([{ kind: 'tool-call', toolUseId: 'toolu_1', toolName: 'Echo', isError: false, durationMs: expect.any(Number), decision: { behavior: 'allow', source: expect.any(String), reason: expect.any(String) } }]);
    // The listing's cost is the records' sum.
    const [summary] = await store.list();
    expect(summary!.costUsd).toBeCloseTo(usages[0]!.costUsd! + usages[1]!.costUsd!, 12);
  });

  it('never sends a record to the model: a resumed session reads its messages alone', async () => {
    const first = await run({ script: [toolUseReply('Echo', { text: 'hi' }), textReply('done')] }, {});
    expect(recordsOf(linesOf(first.sessionId!), 'request')).toHaveLength(2);
    const loaded = await store.read(first.sessionId!);
    expect(loaded.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(loaded.problems).toEqual([]);
    await server!.close();
    await run({ script: [textReply('again')] }, { resume: first.sessionId! }, 'more');
    const sent = server!.requests[0]!.body.messages!;
    expect(sent).toHaveLength(5);
    expect(JSON.stringify(sent)).not.toContain('"record"');
  });

  it('writes nothing when no session is persisted', async () => {
    const { sessionId } = await run({ script: [toolUseReply('Echo', { text: 'hi' }), textReply('done')] }, { persistSession: false });
    expect(sessionId).toBeUndefined();
    expect(readdirSync(directory)).toEqual([]);
  });

  it('names the session of the subagent an Agent call ran', async () => {
    server = await createFakeMessagesServer({
      script: (request) => {
        const messages = request.body.messages!;
        if (messages[0]!.content === 'sub task') return textReply('sub done');
        return messages.length === 1 ? toolUseReply('Agent', { description: 'Look around', prompt: 'sub task' }, { id: 'toolu_agent' }) : textReply('main done');
      },
    });
    const context = createTestContext({ tools: [createAgentTool(), echo] });
    const agent = createAgent({ apiKey: 'k', baseURL: server.url, model: PRIMARY, maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), persistSession: true, sessionStore: store, createToolUseContext: (signal) => Object.assign(context, { signal }) });
    await agent.run('main');
    await agent.close();
    const [call] = recordsOf(linesOf(agent.sessionId!), 'tool-call');
    expect(call).toMatchObject({ toolName: 'Agent', toolUseId: 'toolu_agent', isError: false });
    expect(call!.subagentSessionId).toEqual(expect.any(String));
    const child = linesOf(call!.subagentSessionId!);
    expect(child[0]).toMatchObject({ type: 'session', metadata: { parentSessionId: agent.sessionId } });
    expect(recordsOf(child, 'request')).toHaveLength(1);
  });
});
