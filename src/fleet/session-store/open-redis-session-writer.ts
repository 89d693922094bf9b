import type { Redis } from 'ioredis';
import { CodevError } from '../../errors/codev-error.ts';
import { TRANSCRIPT_FORMAT, type SessionMetadata, type SessionWriter, type TranscriptEntry } from '../../transcripts/types.ts';
import { createBatchQueue } from '../../transcripts/create-batch-queue.ts';
import { holdRedisSessionLock } from './hold-redis-session-lock.ts';
import type { RedisSessionKeys } from './redis-session-keys.ts';
import { writeRedisLines } from './write-redis-lines.ts';

const LINES_PER_WRITE = 1_000;

/**
 * `SessionStore.open` for Redis: takes the session's lock, writes the session line of a new session (or
 * checks that an existing one is there), and returns a writer whose appends go out in the background, in
 * order, each batch one RPUSH of the new lines (never the whole transcript), fenced by the lock's token.
 * Each write names where it goes (how many lines the writer left in the list), so a write sent twice lands
 * once, and a list that lost lines or gained foreign ones fails the write (`SESSION_CONFLICT`) instead of
 * being written past. `notFound` makes the `SESSION_NOT_FOUND` error of the store (it names recent sessions).
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
  /** How many lines the list holds as this writer knows it: where its next write goes. */
  let position: number;
  const write = async (mode: 'create' | 'append', lines: readonly string[]) => {
    await writeRedisLines({ redis, keys, id, token: lock.token, mode, position, lines });
    position += lines.length;
  };
  try {
    if (metadata) {
      position = 0;
      await write('create', [JSON.stringify({ type: 'session', format: TRANSCRIPT_FORMAT, metadata })]);
    } else {
      // Read under the lock: no other writer can add to the list from here on.
      position = await redis.llen(keys.entries(id));
      if (position === 0) throw await options.notFound(id);
    }
  } catch (error) {
    await lock.release().catch(() => undefined);
    throw error;
  }
  const send = async (lines: string[]) => {
    // A fork of a long session appends it all at once: slices keep each script call within Lua's stack.
    for (let start = 0; start < lines.length; start += LINES_PER_WRITE) await write('append', lines.slice(start, start + LINES_PER_WRITE));
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
