import type { Redis } from 'ioredis';
import { CodevError } from '../../errors/codev-error.ts';
import { TRANSCRIPT_FORMAT, type SessionMetadata, type SessionWriter, type TranscriptEntry } from '../../transcripts/types.ts';
import { createBatchQueue } from '../../transcripts/create-batch-queue.ts';
import { holdRedisSessionLock } from './hold-redis-session-lock.ts';
import type { RedisSessionKeys } from './redis-session-keys.ts';
import { APPEND_SCRIPT, APPENDED, LOCK_LOST, SESSION_EXISTS } from './redis-session-scripts.ts';

const LINES_PER_WRITE = 1_000;

/**
 * `SessionStore.open` for Redis: takes the session's lock, writes the session line of a new session (or
 * checks that an existing one is there), and returns a writer whose appends go out in the background, in
 * order, each batch one RPUSH of the new lines (never the whole transcript), fenced by the lock's token.
 * `notFound` makes the `SESSION_NOT_FOUND` error of the store (it names recent sessions).
 */
export async function openRedisSessionWriter(options: {
  redis: Redis;
  keys: RedisSessionKeys;
  lockTtlMs: number;
  id: string;
  metadata?: SessionMetadata;
  notFound: (id: string) => Promise<CodevError>;
}): Promise<SessionWriter> {
  const { redis, keys, id, metadata } = options;
  const lock = await holdRedisSessionLock({ redis, key: keys.lock(id), sessionId: id, ttlMs: options.lockTtlMs });
  const write = async (mode: 'create' | 'append', lines: readonly string[]): Promise<number> =>
    Number(await redis.eval(APPEND_SCRIPT, 3, keys.entries(id), keys.lock(id), keys.index, lock.token, id, mode, ...lines));
  try {
    if (metadata) {
      const result = await write('create', [JSON.stringify({ type: 'session', format: TRANSCRIPT_FORMAT, metadata })]);
      if (result === SESSION_EXISTS) throw new CodevError('SESSION_BUSY', `Session ${id} exists already`, { hint: 'resume it instead, or start a session with a new id' });
      if (result !== APPENDED) throw lockLost(id);
    } else if ((await redis.exists(keys.entries(id))) === 0) throw await options.notFound(id);
  } catch (error) {
    await lock.release().catch(() => undefined);
    throw error;
  }
  const send = async (lines: string[]) => {
    // A fork of a long session appends it all at once: slices keep each script call within Lua's stack.
    for (let start = 0; start < lines.length; start += LINES_PER_WRITE) {
      const result = await write('append', lines.slice(start, start + LINES_PER_WRITE));
      if (result === LOCK_LOST) throw lockLost(id);
      if (result !== APPENDED) throw new CodevError('SESSION_NOT_FOUND', `Session ${id} was deleted while it was open`, { hint: 'start a new session' });
    }
  };
  const queue = createBatchQueue({ send, size: (line: string) => line.length });
  let closed = false;
  return {
    id,
    async append(entries: readonly TranscriptEntry[]) {
      if (closed) throw new CodevError('SESSION_BUSY', `Session ${id} was closed; it takes no more messages`);
      if (entries.length > 0) await queue.append(entries.map((entry) => JSON.stringify(entry)));
    },
    flush: () => queue.drain(),
    async close() {
      if (closed) return;
      closed = true;
      try {
        await queue.drain();
      } catch (error) {
        // The write's failure is the one to report; a lock not released expires after its TTL.
        await lock.release().catch(() => undefined);
        throw error;
      }
      await lock.release();
    },
  };
}

function lockLost(id: string): CodevError {
  return new CodevError('SESSION_BUSY', `Session ${id} is no longer this writer's: its lock expired (Redis was out of reach, or this process stalled, for longer than the lock's TTL) and another writer may have taken it`, {
    hint: 'resume the session again; what this writer had not written yet is lost',
  });
}
