import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckpointEntry, MessageEntry, RewindEntry, SessionMetadata } from '../../transcripts/types.ts';
import { connectRedis } from '../redis/connect-redis.ts';
import { startRedisServer, type RedisServer } from '../test-fixtures/start-redis-server.ts';
import { createRedisSessionStore } from './create-redis-session-store.ts';

let server: RedisServer;
let redis: Redis;
beforeAll(async () => {
  server = await startRedisServer();
  redis = await connectRedis({ url: server.url, name: 'codev-test' });
});
afterAll(async () => {
  await redis?.quit();
  await server?.stop();
});

const metadata = (id: string): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-06T10:00:00.000Z' });
const message = (uuid: string, role: 'user' | 'assistant', parentUuid?: string): MessageEntry => ({ type: 'message', uuid, ...(parentUuid && { parentUuid }), timestamp: '2026-12-06T10:00:00.000Z', message: { role, content: uuid } });
const checkpoint = (turn: number, messageUuid: string, replyUuid: string): CheckpointEntry => ({ type: 'checkpoint', turn, messageUuid, replyUuid, timestamp: `2026-12-06T10:00:0${turn}.000Z`, roots: [{ root: '/project', tree: String(turn).repeat(40), large: [] }] });

describe('the Redis session store and file checkpoints', () => {
  it('reads checkpoint and rewind entries back, and a fork copies those of the turns it keeps', async () => {
    const store = createRedisSessionStore({ redis, prefix: 'checkpoints' });
    const rewind: RewindEntry = { type: 'rewind', timestamp: '2026-12-06T10:01:00.000Z', turn: 1, before: [{ root: '/project', tree: '9'.repeat(40), large: [] }], kept: [] };
    const writer = await store.open({ id: 'from', metadata: metadata('from') });
    await writer.append([message('u1', 'user'), message('a1', 'assistant', 'u1'), checkpoint(1, 'u1', 'a1'), message('r1', 'user', 'a1'), message('a2', 'assistant', 'r1'), checkpoint(2, 'r1', 'a2'), rewind]);
    await writer.close();
    const loaded = await store.read('from');
    expect(loaded.checkpoints?.map((entry) => entry.turn)).toEqual([1, 2]);
    expect(loaded.rewinds).toEqual([rewind]);
    expect(loaded.problems).toEqual([]);
    await store.fork({ from: 'from', to: metadata('to'), at: 'r1' });
    const forked = await store.read('to');
    expect(forked.checkpoints).toEqual([checkpoint(1, 'u1', 'a1')]);
    expect(forked.messages.map((entry) => entry.uuid)).toEqual(['u1', 'a1', 'r1']);
    expect(forked.problems).toEqual([]);
  });
});
