import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAgent } from '../../agent/create-agent.ts';
import type { AgentEvent } from '../../agent/types.ts';
import type { CodevError } from '../../errors/codev-error.ts';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { textReply, toolUseReply } from '../../testing/fake-messages-server/fake-reply.ts';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { buildTool } from '../../tool/build-tool.ts';
import { findLatestSession } from '../../transcripts/find-latest-session.ts';
import { parseTranscript } from '../../transcripts/parse-transcript.ts';
import { pruneStore } from '../../transcripts/prune-store.ts';
import { resolveSessionId } from '../../transcripts/resolve-session-id.ts';
import type { MessageEntry, SessionMetadata, SessionStore } from '../../transcripts/types.ts';
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
  // Every test has keys of its own in the one server.
  prefix = `test-${++runs}`;
  store = createRedisSessionStore({ redis, prefix });
});

const metadata = (id: string, extra: Partial<SessionMetadata> = {}): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z', ...extra });
let clock = 0;
const message = (role: 'user' | 'assistant', text: string, extra: Partial<MessageEntry> = {}): MessageEntry => ({
  type: 'message',
  uuid: `m-${++clock}`,
  timestamp: new Date(Date.UTC(2026, 11, 4, 10, 0, clock)).toISOString(),
  message: { role, content: [{ type: 'text', text }] },
  ...extra,
});
const entriesKey = (id: string) => `${prefix}:session:${id}:entries`;
const lockKey = (id: string) => `${prefix}:session:${id}:lock`;

/** Polls `condition` every 50 ms until it holds, for at most `withinMs`. */
async function eventually(condition: () => Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the Redis session store', () => {
  it('appends entries as list items and reads back exactly what parseTranscript makes of the same lines', async () => {
    const writer = await store.open({ id: 's1', metadata: metadata('s1') });
    const entries = [message('user', 'hello'), message('assistant', 'hi', { usage: { inputTokens: 10, outputTokens: 2, cacheCreationInputTokens: 0, cacheReadInputTokens: 5 } })];
    await writer.append(entries);
    await writer.close();
    const loaded = await store.read('s1');
    expect(loaded.metadata).toEqual(metadata('s1'));
    expect(loaded.messages).toEqual(entries);
    expect(loaded.problems).toEqual([]);
    expect(await redis.llen(entriesKey('s1'))).toBe(3);
    // A line that is no entry (written by something else) is skipped and reported, as in a file.
    await redis.rpush(entriesKey('s1'), '{"type":"message", oops', JSON.stringify({ type: 'surprise' }));
    const lines = await redis.lrange(entriesKey('s1'), 0, -1);
    const parsed = parseTranscript(lines.map((line) => `${line}\n`).join(''), { file: `Redis list ${entriesKey('s1')}` });
    expect(await store.read('s1')).toEqual(parsed);
    expect(parsed.problems.map(({ line, kind }) => ({ line, kind }))).toEqual([{ line: 4, kind: 'invalid' }, { line: 5, kind: 'invalid' }]);
  });

  it('refuses a newer format and a list that is no transcript; names an unknown id with the recent ones; refuses to recreate a session', async () => {
    const writer = await store.open({ id: 'known', metadata: metadata('known') });
    await writer.close();
    await redis.rpush(entriesKey('newer'), JSON.stringify({ type: 'session', format: 99, metadata: metadata('newer') }));
    await redis.rpush(entriesKey('foreign'), '{"hello":"world"}');
    expect(await rejectionCode(store.read('newer'))).toBe('SESSION_UNSUPPORTED');
    expect(await rejectionCode(store.read('foreign'))).toBe('SESSION_UNSUPPORTED');
    const missing = (await store.read('nope').catch((error: unknown) => error)) as CodevError;
    expect(missing.code).toBe('SESSION_NOT_FOUND');
    expect(missing.hint).toContain('known');
    expect(await rejectionCode(store.read('../outside'))).toBe('SESSION_NOT_FOUND');
    expect(await rejectionCode(store.open({ id: 'nope' }))).toBe('SESSION_NOT_FOUND');
    expect(await rejectionCode(store.open({ id: 'known', metadata: metadata('known') }))).toBe('SESSION_BUSY');
    // Neither failed open kept the lock.
    expect(await redis.exists(lockKey('nope'), lockKey('known'))).toBe(0);
  });

  it('writes each append as a delta: one list item per entry, the 50th append sends only its own line', async () => {
    const writer = await store.open({ id: 'delta', metadata: metadata('delta') });
    for (let index = 0; index < 49; index++) await writer.append([message('user', `turn ${index}`)]);
    const before = await redis.lrange(entriesKey('delta'), 0, 1);
    const monitor = await redis.monitor();
    const commands: string[][] = [];
    monitor.on('monitor', (_time: string, command: string[]) => void commands.push(command));
    try {
      const fiftieth = message('user', 'turn 49');
      await writer.append([fiftieth]);
      await writer.close();
      await eventually(async () => commands.some((command) => command[0]?.toLowerCase() === 'rpush'), 2_000);
      const writes = commands.filter((command) => command[1]?.startsWith(`${prefix}:session:delta:entries`));
      expect(writes.map((command) => command[0]!.toLowerCase()).filter((name) => name !== 'exists' && name !== 'llen')).toEqual(['rpush']);
      expect(writes.find((command) => command[0]!.toLowerCase() === 'rpush')!.slice(2)).toEqual([JSON.stringify(fiftieth)]);
    } finally {
      monitor.disconnect();
    }
    expect(await redis.llen(entriesKey('delta'))).toBe(51);
    expect(await redis.lrange(entriesKey('delta'), 0, 1)).toEqual(before);
  });

  it('forks a long session (more lines than one script call takes) whole and in order', async () => {
    const writer = await store.open({ id: 'long', metadata: metadata('long') });
    const many = Array.from({ length: 2_500 }, (_, index) => message(index % 2 ? 'assistant' : 'user', `line ${index}`));
    await writer.append(many);
    await writer.close();
    const fork = await store.fork({ from: 'long', to: metadata('long-copy') });
    expect(fork.messages).toHaveLength(2_500);
    expect((await store.read('long-copy')).messages.map((entry) => entry.uuid)).toEqual(many.map((entry) => entry.uuid));
  });

  it('lets one writer hold a session at a time, renewing its lock while it is open and letting go on close', async () => {
    const shortLocks = createRedisSessionStore({ redis, prefix, lockTtlMs: 300 });
    const writer = await shortLocks.open({ id: 's3', metadata: metadata('s3') });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await rejectionCode(store.open({ id: 's3' }))).toBe('SESSION_BUSY');
    expect(await rejectionCode(store.delete('s3'))).toBe('SESSION_BUSY');
    expect(await redis.pttl(lockKey('s3'))).toBeGreaterThan(0);
    await writer.close();
    expect(await redis.exists(lockKey('s3'))).toBe(0);
    expect(await rejectionCode(writer.append([message('user', 'late')]))).toBe('SESSION_BUSY');
    const again = await store.open({ id: 's3' });
    await again.close();
  });

  it('takes over the lock of a holder that died once its TTL runs out', async () => {
    const writer = await store.open({ id: 'orphan', metadata: metadata('orphan') });
    await writer.close();
    // What a killed process leaves: its lock, no longer renewed.
    await redis.set(lockKey('orphan'), JSON.stringify({ pid: 1234567, hostname: 'gone', token: 'dead' }), 'PX', 400);
    const busy = (await store.open({ id: 'orphan' }).catch((error: unknown) => error)) as CodevError;
    expect(busy.code).toBe('SESSION_BUSY');
    expect(busy.message).toContain('process 1234567 on gone');
    let resumed: Awaited<ReturnType<SessionStore['open']>> | undefined;
    await eventually(async () => (resumed = await store.open({ id: 'orphan' }).catch(() => undefined)) !== undefined, 3_000);
    await resumed!.append([message('user', 'after the crash')]);
    await resumed!.close();
    expect((await store.read('orphan')).messages).toHaveLength(1);
  });

  it('fails the writes of a writer whose lock was taken over, so they never land after the new writer\'s', async () => {
    const writer = await store.open({ id: 'stolen', metadata: metadata('stolen') });
    await writer.append([message('user', 'mine')]);
    // The lock expired (this writer stalled past its TTL) and another writer took it.
    await redis.set(lockKey('stolen'), JSON.stringify({ pid: 1, hostname: 'elsewhere', token: 'new' }));
    await writer.append([message('user', 'too late')]).catch(() => undefined);
    expect(await rejectionCode(writer.close())).toBe('SESSION_BUSY');
    expect((await store.read('stolen')).messages.map((entry) => entry.message.content)).toEqual([[{ type: 'text', text: 'mine' }]]);
    expect(await redis.get(lockKey('stolen'))).toContain('elsewhere');
  });

  it('lists sessions newest first with their prompts, turns and tokens; forks at a message; deletes', async () => {
    const first = await store.open({ id: 'older', metadata: metadata('older') });
    await first.append([message('user', 'first question'), message('assistant', 'answer', { usage: { inputTokens: 100, outputTokens: 20, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 } })]);
    await first.close();
    const second = await store.open({ id: 'newer', metadata: metadata('newer') });
    const kept = message('user', 'keep me');
    await second.append([kept, message('assistant', 'kept'), message('user', 'drop me')]);
    await second.close();
    const list = await store.list();
    expect(list.map((summary) => summary.id)).toEqual(['newer', 'older']);
    expect(list[1]).toMatchObject({ firstPrompt: 'first question', lastPrompt: 'first question', turns: 1, inputTokens: 100, outputTokens: 20, messages: 2 });
    const fork = await store.fork({ from: 'newer', to: metadata('forked', { forkedFrom: { sessionId: 'newer', messageUuid: kept.uuid } }), at: kept.uuid });
    expect(fork.messages).toEqual([kept]);
    expect((await store.read('forked')).metadata.forkedFrom).toEqual({ sessionId: 'newer', messageUuid: kept.uuid });
    expect((await store.read('newer')).messages).toHaveLength(3);
    expect(await rejectionCode(store.fork({ from: 'newer', to: metadata('bad'), at: 'no-such-message' }))).toBe('SESSION_NOT_FOUND');
    await store.delete('older');
    expect(await rejectionCode(store.read('older'))).toBe('SESSION_NOT_FOUND');
    expect(await rejectionCode(store.delete('older'))).toBe('SESSION_NOT_FOUND');
    expect((await store.list()).map((summary) => summary.id).sort()).toEqual(['forked', 'newer']);
    expect(await redis.exists(lockKey('older'))).toBe(0);
  });

  it('lists ids by prefix and reads a first line alone, so ids resolve by prefix and pruning reads no transcript', async () => {
    for (const id of ['abcd-1', 'abcd-2', 'abzz-3']) {
      const writer = await store.open({ id, metadata: metadata(id, id === 'abcd-2' ? { parentSessionId: 'abcd-1' } : {}) });
      await writer.append([message('user', `question ${id}`)]);
      await writer.close();
    }
    await redis.rpush(entriesKey('abcd-9'), '{"hello":"world"}');
    // When each was last written, apart (the writes above may share a millisecond).
    const now = Date.now();
    await redis.zadd(`${prefix}:sessions`, now - 3000, 'abcd-1', now - 2000, 'abcd-2', now - 1000, 'abzz-3', now, 'abcd-9');
    expect((await store.listIds!({ prefix: 'abcd' })).map((ref) => ref.id)).toEqual(['abcd-9', 'abcd-2', 'abcd-1']);
    expect((await store.listIds!()).map((ref) => ref.id)).toEqual(['abcd-9', 'abzz-3', 'abcd-2', 'abcd-1']);
    expect(await store.listIds!({ prefix: 'ab*' })).toEqual([]);
    expect(await store.readMetadata!('abcd-2')).toEqual(metadata('abcd-2', { parentSessionId: 'abcd-1' }));
    expect(await rejectionCode(store.readMetadata!('abcd-9'))).toBe('SESSION_UNSUPPORTED');
    expect(await rejectionCode(store.readMetadata!('nope'))).toBe('SESSION_NOT_FOUND');
    const skipped: string[] = [];
    expect((await store.list({ onSkip: (entry) => skipped.push(entry.id) })).map((summary) => summary.id)).toEqual(['abzz-3', 'abcd-2', 'abcd-1']);
    expect(skipped).toEqual(['abcd-9']);
    expect(await resolveSessionId({ store, id: 'abzz' })).toBe('abzz-3');
    expect(await rejectionCode(resolveSessionId({ store, id: 'abcd' }))).toBe('SESSION_AMBIGUOUS');
    expect(await findLatestSession(store)).toBe('abzz-3');
    const pruned = await pruneStore({ store, keep: 1 });
    expect(pruned.removed.map((session) => [session.id, session.subagents])).toEqual([['abcd-1', ['abcd-2']]]);
    expect(await rejectionCode(store.read('abcd-2'))).toBe('SESSION_NOT_FOUND');
    expect((await store.read('abzz-3')).messages).toHaveLength(1);
  });

  it('loses no complete entry when the writing process is killed with SIGKILL, and a new writer takes over after the TTL', async () => {
    const storeModule = fileURLToPath(new URL('./create-redis-session-store.ts', import.meta.url));
    const connectModule = fileURLToPath(new URL('../redis/connect-redis.ts', import.meta.url));
    const script = `
      const { createJiti } = require('jiti');
      const jiti = createJiti(${JSON.stringify(storeModule)});
      Promise.all([jiti.import(${JSON.stringify(connectModule)}), jiti.import(${JSON.stringify(storeModule)})]).then(async ([{ connectRedis }, { createRedisSessionStore }]) => {
        const redis = await connectRedis({ url: ${JSON.stringify(server.url)} });
        const store = createRedisSessionStore({ redis, prefix: ${JSON.stringify(prefix)}, lockTtlMs: 3000 });
        const writer = await store.open({ id: 'crash', metadata: ${JSON.stringify(metadata('crash'))} });
        const text = 'x'.repeat(2000);
        for (let index = 0; ; index++) {
          await writer.append([{ type: 'message', uuid: 'u' + index, timestamp: new Date().toISOString(), message: { role: index % 2 ? 'assistant' : 'user', content: [{ type: 'text', text }] } }]);
          if (index === 2000) process.stdout.write('writing\\n');
        }
      });`;
    const child = spawn(process.execPath, ['-e', script], { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise((resolve) => child.once('close', resolve));
    try {
      await new Promise<void>((resolve, reject) => {
        child.stdout.once('data', () => resolve());
        child.once('close', (code) => reject(new Error(`the writer exited (${code}) before it wrote`)));
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    expect(await rejectionCode(store.open({ id: 'crash' }))).toBe('SESSION_BUSY');
    const loaded = await store.read('crash');
    // Appends go out in the background, at most 1 MB (about 500 of these messages) queued and one batch in flight: by message 2000, most are in Redis.
    expect(loaded.messages.length).toBeGreaterThan(500);
    expect(loaded.messages.map((entry) => entry.uuid)).toEqual(loaded.messages.map((_, index) => `u${index}`));
    expect(loaded.problems).toEqual([]);
    let resumed: Awaited<ReturnType<SessionStore['open']>> | undefined;
    await eventually(async () => (resumed = await store.open({ id: 'crash' }).catch(() => undefined)) !== undefined, 8_000);
    await resumed!.close();
  }, 30_000);
});

describe('an agent with the Redis session store', () => {
  const note = buildTool({ name: 'Note', description: 'Writes a note', inputSchema: z.object({ text: z.string() }), isReadOnly: () => true, call: ({ text }) => ({ data: `noted: ${text}` }) });

  async function run(agent: ReturnType<typeof createAgent>, prompt: string): Promise<AgentEvent[]> {
    const events: AgentEvent[] = [];
    try {
      for await (const event of agent.query(prompt)) events.push(event);
    } finally {
      await agent.close();
    }
    return events;
  }

  it('persists every message of a run, and a new agent resumes it from Redis', async () => {
    const model = await createFakeMessagesServer({ apiKey: 'test-key', script: [toolUseReply('Note', { text: '42' }, { id: 'toolu_1' }), textReply('noted'), textReply('it was 42')] });
    try {
      const options = { tools: [note], apiKey: 'test-key', baseURL: model.url, maxRetries: 0, persistSession: true, sessionStore: store, canUseTool: () => ({ behavior: 'allow' as const }) };
      const first = createAgent(options);
      const events = await run(first, 'note the number 42');
      expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn', sessionId: first.sessionId });
      const saved = await store.read(first.sessionId!);
      expect(saved.messages.map((entry) => entry.message)).toEqual(first.messages);
      expect(saved.messages.map((entry) => entry.message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(await redis.llen(entriesKey(first.sessionId!))).toBeGreaterThanOrEqual(5);

      const resumed = createAgent({ ...options, resume: first.sessionId });
      await run(resumed, 'what was the number?');
      expect(resumed.sessionId).toBe(first.sessionId);
      const sent = model.requests.at(-1)!.body.messages!;
      expect(sent.map((sentMessage) => sentMessage.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
      expect(JSON.stringify(sent[0])).toContain('note the number 42');
      expect((await store.read(first.sessionId!)).messages).toHaveLength(6);
      expect((await store.list()).map((summary) => summary.id)).toEqual([first.sessionId]);
      expect(await redis.exists(lockKey(first.sessionId!))).toBe(0);
    } finally {
      await model.close();
    }
  });
});
