/**
 * The Redis session store under faults, against a real redis-server: a reply lost after Redis ran the
 * write (a TCP proxy on loopback cuts the connection as the reply comes back, so the client sends it again),
 * Redis restarted with its last writes lost, and transcripts an older codev wrote twice or with a gap.
 */
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis } from '../../src/fleet/redis/connect-redis.ts';
import { createRedisSessionStore } from '../../src/fleet/session-store/create-redis-session-store.ts';
import { startCuttingProxy, type CuttingProxy } from '../../src/fleet/test-fixtures/start-cutting-proxy.ts';
import { startRedisServer, type RedisServer } from '../../src/fleet/test-fixtures/start-redis-server.ts';
import { createAgent } from '../../src/agent/create-agent.ts';
import { createFakeMessagesServer, createTestContext, textReply } from '../../src/testing/index.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import type { MessageEntry, SessionMetadata } from '../../src/transcripts/types.ts';

let server: RedisServer;
/** A client straight to Redis, for looking at what the store wrote. */
let direct: Redis;
let runs = 0;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(async () => {
  server = await startRedisServer();
  direct = await connectRedis({ url: server.url, name: 'codev-test-direct' });
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await direct?.quit();
  await server?.stop();
});

const metadata = (id: string): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z' });
/** Messages chained as an agent writes them: each names the one before it. */
function messages(count: number, from = 0): MessageEntry[] {
  return Array.from({ length: count }, (_, offset) => {
    const index = from + offset;
    return { type: 'message', uuid: `m${index}`, ...(index > 0 && { parentUuid: `m${index - 1}` }), timestamp: new Date(Date.UTC(2026, 11, 4, 10, 0, index)).toISOString(), message: { role: index % 2 ? 'assistant' : 'user', content: [{ type: 'text', text: `message ${index}` }] } } satisfies MessageEntry;
  });
}
const isAppendOf = (sessionId: string) => (request: string) => /\r\neval\r\n/i.test(request) && request.includes(`\r\n${sessionId}\r\n`) && request.includes('\r\nappend\r\n');

/** A store whose client goes through a cutting proxy, under keys of its own. */
async function storeThroughProxy(options: { maxRetriesPerRequest?: number | null; redisUrl?: string; port?: number } = {}) {
  const prefix = `faults-${++runs}`;
  const proxy = await startCuttingProxy({ redisPort: options.port ?? server.port });
  cleanups.push(() => proxy.close());
  const redis = await connectRedis({ url: proxy.url, name: 'codev-test-proxied', maxRetriesPerRequest: options.maxRetriesPerRequest, onConnection: () => {} });
  cleanups.push(async () => redis.disconnect());
  const store = createRedisSessionStore({ redis, prefix });
  const lines = async (id: string) => direct.lrange(`${prefix}:session:${id}:entries`, 0, -1);
  return { proxy, redis, store, prefix, lines };
}

describe('the Redis session store when a reply is lost after Redis ran the write', () => {
  it('writes an append whose script the client sends again once, in order', async () => {
    const { proxy, store, lines } = await storeThroughProxy();
    const writer = await store.open({ id: 'resent', metadata: metadata('resent') });
    const cut = proxy.cutReplyTo(isAppendOf('resent'));
    await writer.append(messages(2));
    await cut;
    await writer.append(messages(2, 2));
    await writer.close();
    expect((await lines('resent')).map((line) => JSON.parse(line).uuid)).toEqual([undefined, 'm0', 'm1', 'm2', 'm3']);
    const loaded = await store.read('resent');
    expect(loaded.messages.map((entry) => entry.uuid)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(loaded.problems).toEqual([]);
  });

  it('opens a new session whose first line was written before the reply was lost', async () => {
    const { proxy, store, lines } = await storeThroughProxy();
    const cut = proxy.cutReplyTo((request) => /\r\neval\r\n/i.test(request) && request.includes('\r\ncreate\r\n'));
    const writer = await store.open({ id: 'created', metadata: metadata('created') });
    await cut;
    await writer.append(messages(1));
    await writer.close();
    expect(await lines('created')).toHaveLength(2);
  });

  it('takes a free lock whose SET NX reply was lost (the lock is this writer\'s, not another\'s)', async () => {
    const { proxy, store, prefix } = await storeThroughProxy();
    await (await store.open({ id: 'locked', metadata: metadata('locked') })).close();
    const cut = proxy.cutReplyTo((request) => /\r\nset\r\n/i.test(request) && request.includes(`${prefix}:session:locked:lock`));
    const writer = await store.open({ id: 'locked' });
    await cut;
    await writer.append(messages(1));
    await writer.close();
    expect(await direct.exists(`${prefix}:session:locked:lock`)).toBe(0);
  });

  it('deletes a session whose delete ran before the reply was lost', async () => {
    const { proxy, store, prefix } = await storeThroughProxy();
    await (await store.open({ id: 'doomed', metadata: metadata('doomed') })).close();
    const cut = proxy.cutReplyTo((request) => /\r\neval\r\n/i.test(request) && request.includes(`${prefix}:session:doomed:entries`));
    expect(await rejectionCode(store.delete('doomed'))).toBeUndefined();
    await cut;
    expect(await rejectionCode(store.read('doomed'))).toBe('SESSION_NOT_FOUND');
    expect(await direct.exists(`${prefix}:session:doomed:lock`, `${prefix}:session:doomed:entries`, `${prefix}:session:doomed:written`)).toBe(0);
  });

  it('after a write that failed without an answer (Redis out of reach), checks where the list is instead of pushing again', async () => {
    // A client that gives up on a command after one failed reconnection: the write fails, and nobody knows whether it ran.
    const { proxy, redis, store, lines } = await storeThroughProxy({ maxRetriesPerRequest: 1 });
    const writer = await store.open({ id: 'unknown', metadata: metadata('unknown') });
    let reconnects = 0;
    const back = new Promise<void>((resolve) =>
      redis.on('reconnecting', () => {
        // The second failed reconnection fails the write; then Redis is in reach again.
        if (++reconnects === 2) void proxy.refuse(false).then(resolve);
      }),
    );
    const cut = proxy.cutReplyTo(isAppendOf('unknown')).then(() => proxy.refuse(true));
    await writer.append(messages(2));
    await cut;
    await back;
    await writer.append(messages(1, 2));
    expect(await rejectionCode(writer.close())).toBeUndefined();
    expect((await lines('unknown')).map((line) => JSON.parse(line).uuid)).toEqual([undefined, 'm0', 'm1', 'm2']);
  });

  it('gives up after three writes with no answer, with FLEET_REDIS_UNREACHABLE, having pushed the lines once', async () => {
    const { proxy, store, lines } = await storeThroughProxy({ maxRetriesPerRequest: 1 });
    const writer = await store.open({ id: 'away', metadata: metadata('away') });
    const cut = proxy.cutReplyTo(isAppendOf('away')).then(() => proxy.refuse(true));
    await writer.append(messages(2));
    await cut;
    expect(await rejectionCode(writer.close())).toBe('FLEET_REDIS_UNREACHABLE');
    expect((await lines('away')).map((line) => JSON.parse(line).uuid)).toEqual([undefined, 'm0', 'm1']);
  });
});

describe('the Redis session store when Redis restarts', () => {
  it('keeps every entry of a writer that appends while Redis restarts three times once, in order', async () => {
    const restarting = await startRedisServer({ appendOnly: true });
    cleanups.push(() => restarting.stop());
    const redis = await connectRedis({ url: restarting.url, name: 'codev-test-restarts', onConnection: () => {} });
    cleanups.push(async () => redis.disconnect());
    const store = createRedisSessionStore({ redis, prefix: 'restarts', lockTtlMs: 30_000 });
    const writer = await store.open({ id: 'busy', metadata: metadata('busy') });
    let writing = true;
    let written = 0;
    const appending = (async () => {
      while (writing) {
        await writer.append(messages(1, written++));
        // Now and then a turn of the event loop, so the restarts below get theirs.
        if (written % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    for (let restart = 0; restart < 3; restart++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await restarting.restart();
    }
    writing = false;
    await appending;
    expect(await rejectionCode(writer.close())).toBeUndefined();
    const loaded = await store.read('busy');
    expect(loaded.problems).toEqual([]);
    expect(loaded.messages.length).toBe(written);
    expect(loaded.messages.every((entry, index) => entry.uuid === `m${index}`)).toBe(true);
  }, 60_000);

  it('fails the next append with SESSION_CONFLICT instead of writing it after the gap, and the session resumes from what Redis kept', async () => {
    const lossy = await startRedisServer();
    cleanups.push(() => lossy.stop());
    const redis = await connectRedis({ url: lossy.url, name: 'codev-test-lossy', onConnection: () => {} });
    cleanups.push(async () => redis.disconnect());
    const store = createRedisSessionStore({ redis, prefix: 'lossy', lockTtlMs: 30_000 });
    const writer = await store.open({ id: 'gap', metadata: metadata('gap') });
    await writer.append(messages(3));
    await writer.flush!();
    // On disk: the session line and m0..m2 (and the lock). m3 and m4 are only in memory when Redis dies.
    await redis.save();
    await writer.append(messages(2, 3));
    await writer.flush!();
    await lossy.kill9();
    await lossy.restart();
    await writer.append(messages(1, 5)).catch(() => undefined);
    expect(await rejectionCode(writer.close())).toBe('SESSION_CONFLICT');
    expect((await redis.lrange('lossy:session:gap:entries', 0, -1)).map((line) => JSON.parse(line).uuid)).toEqual([undefined, 'm0', 'm1', 'm2']);
    const resumed = await store.open({ id: 'gap' });
    await resumed.append(messages(1, 3));
    await resumed.close();
    expect((await store.read('gap')).messages.map((entry) => entry.uuid)).toEqual(['m0', 'm1', 'm2', 'm3']);
  }, 30_000);
});

describe('reading a transcript an older codev wrote under these faults', () => {
  it('reports lines written twice and skips the copies', async () => {
    const prefix = `faults-${++runs}`;
    const written = [{ type: 'session', format: 1, metadata: metadata('twice') }, ...messages(2), ...messages(2), ...messages(1, 2)].map((entry) => JSON.stringify(entry));
    await direct.rpush(`${prefix}:session:twice:entries`, ...written);
    const loaded = await createRedisSessionStore({ redis: direct, prefix }).read('twice');
    expect(loaded.messages.map((entry) => entry.uuid)).toEqual(['m0', 'm1', 'm2']);
    expect(loaded.problems.map(({ line, kind }) => ({ line, kind }))).toEqual([
      { line: 4, kind: 'duplicate' },
      { line: 5, kind: 'duplicate' },
    ]);
  });

  it('reports a gap: a message whose parent is not the message before it', async () => {
    const prefix = `faults-${++runs}`;
    const written = [{ type: 'session', format: 1, metadata: metadata('holes') }, ...messages(2), ...messages(2, 4)].map((entry) => JSON.stringify(entry));
    await direct.rpush(`${prefix}:session:holes:entries`, ...written);
    const loaded = await createRedisSessionStore({ redis: direct, prefix }).read('holes');
    expect(loaded.messages.map((entry) => entry.uuid)).toEqual(['m0', 'm1', 'm4', 'm5']);
    expect(loaded.problems.map(({ line, kind }) => ({ line, kind }))).toEqual([{ line: 4, kind: 'gap' }]);
  });
});

describe('an agent resuming a Redis session an older codev wrote twice', () => {
  it('sends the model each message once, in order, and warns about each copy it skipped', async () => {
    const prefix = `faults-${++runs}`;
    const note = (index: number, parentUuid: string | undefined, message: MessageEntry['message']): MessageEntry => ({ type: 'message', uuid: `n${index}`, ...(parentUuid && { parentUuid }), timestamp: '2026-12-04T10:00:00.000Z', message });
    const conversation = [
      note(0, undefined, { role: 'user', content: 'take a note' }),
      note(1, 'n0', { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Note', input: { text: 'a' } }] }),
      note(2, 'n1', { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'noted: a' }] }),
      note(3, 'n2', { role: 'assistant', content: 'noted' }),
    ];
    // The script that wrote n1 and n2 ran twice: its reply was lost and the client sent it again.
    const written = [{ type: 'session', format: 1, metadata: metadata('twice-agent') }, ...conversation.slice(0, 3), ...conversation.slice(1, 3), conversation[3]!];
    await direct.rpush(`${prefix}:session:twice-agent:entries`, ...written.map((entry) => JSON.stringify(entry)));
    const model = await createFakeMessagesServer({ apiKey: 'test-key', script: [textReply('it was a')] });
    cleanups.push(() => model.close());
    const warnings: string[] = [];
    const agent = createAgent({
      tools: [],
      apiKey: 'test-key',
      baseURL: model.url,
      maxRetries: 0,
      persistSession: true,
      sessionStore: createRedisSessionStore({ redis: direct, prefix }),
      resume: 'twice-agent',
      createToolUseContext: (signal) => Object.assign(createTestContext({ signal }), { onWarning: (warning: string) => void warnings.push(warning) }),
    });
    try {
      for await (const event of agent.query('what was the note?')) void event;
    } finally {
      await agent.close();
    }
    const sent = model.requests[0]!.body.messages!;
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(JSON.stringify(sent).match(/"id":"toolu_1"/g)).toHaveLength(1);
    expect(warnings).toEqual([expect.stringMatching(/^Session twice-agent, line 5: .*written twice.*skipped$/), expect.stringMatching(/^Session twice-agent, line 6: .*written twice.*skipped$/)]);
  });
});
