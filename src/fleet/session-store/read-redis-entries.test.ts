import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../agent/create-agent.ts';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../../testing/fake-messages-server/fake-reply.ts';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { buildTool } from '../../tool/build-tool.ts';
import type { MessageEntry, RecordEntry, SessionMetadata, SessionStore, TranscriptEntry } from '../../transcripts/types.ts';
import { connectRedis } from '../redis/connect-redis.ts';
import { startRedisServer, type RedisServer } from '../test-fixtures/start-redis-server.ts';
import { createRedisSessionStore } from './create-redis-session-store.ts';

let server: RedisServer;
let redis: Redis;
let prefix: string;
let store: SessionStore;
let runs = 0;
beforeAll(async () => {
  server = await startRedisServer();
  redis = await connectRedis({ url: server.url, name: 'codev-test' });
});
afterAll(async () => {
  await redis?.quit();
  await server?.stop();
});
beforeEach(() => {
  prefix = `entries-${++runs}`;
  store = createRedisSessionStore({ redis, prefix });
});

const metadata = (id: string): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z' });
const message = (index: number): MessageEntry => ({ type: 'message', uuid: `m${index}`, timestamp: '2026-12-04T10:00:00.000Z', message: { role: index % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: `message ${index}` }] } });
const shapeOf = (entry: TranscriptEntry) => (entry.type === 'record' ? `record:${entry.record.kind}` : entry.type === 'message' ? entry.message.role : entry.type);
const echo = buildTool({ name: 'Echo', description: 'Echoes', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, call: ({ text }) => ({ data: text }) });

describe('readEntries of the Redis store', () => {
  it("gets an agent's records through its writer, and the listing its cost", async () => {
    const model = await createFakeMessagesServer({ script: [toolUseReply('Echo', { text: 'hi' }, { id: 'toolu_r' }), textReply('done')] });
    try {
      const agent = createAgent({ tools: [echo], apiKey: 'k', baseURL: model.url, model: 'claude-sonnet-4-6', maxRetries: 0, canUseTool: () => ({ behavior: 'allow' }), sessionStore: store, persistSession: true });
      await agent.run('go');
      await agent.close();
      const read = await store.readEntries!(agent.sessionId!);
      expect(read.entries.map(shapeOf)).toEqual(['user', 'assistant', 'record:request', 'record:tool-call', 'user', 'assistant', 'record:request', 'state']);
      expect(read.next).toBe(read.entries.length + 1);
      const costs = read.entries.filter((entry): entry is RecordEntry => entry.type === 'record' && entry.record.kind === 'request').map((entry) => (entry.record as { costUsd: number }).costUsd);
      expect((await store.list())[0]!.costUsd).toBeCloseTo(costs[0]! + costs[1]!, 12);
      // The model never reads a record.
      expect((await store.read(agent.sessionId!)).messages).toHaveLength(4);
    } finally {
      await model.close();
    }
  });

  it('goes on from an index, starts again when the index is past the end, and numbers damaged items', async () => {
    const writer = await store.open({ id: 's', metadata: metadata('s') });
    await writer.append([message(0), message(1)]);
    await writer.flush?.();
    const first = await store.readEntries!('s');
    expect(first).toEqual({ metadata: metadata('s'), entries: [message(0), message(1)], next: 3, problems: [] });
    await writer.append([message(2)]);
    await writer.close();
    await redis.rpush(`${prefix}:session:s:entries`, '{"type":', JSON.stringify({ type: 'record', timestamp: 't', record: { kind: 'from-the-future' } }));
    const second = await store.readEntries!('s', { from: first.next });
    expect(second).toEqual({ metadata: metadata('s'), entries: [message(2)], next: 6, problems: [{ line: 5, kind: 'invalid', message: expect.any(String) }] });
    expect(await store.readEntries!('s', { from: 60 })).toMatchObject({ reset: true, next: 6, entries: [message(0), message(1), message(2)] });
    expect(await rejectionCode(store.readEntries!('missing'))).toBe('SESSION_NOT_FOUND');
  });
});
