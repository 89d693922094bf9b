import type { Redis } from 'ioredis';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { RedisSessionKeys } from './redis-session-keys.ts';
import { APPEND_SCRIPT, APPENDED, LINES_MISSING, LOCK_LOST, SESSION_EXISTS, SESSION_GONE } from './redis-session-scripts.ts';

/** How many times a write that failed without an answer is sent; each time the script first checks where the list is. */
const ATTEMPTS = 3;

/**
 * Writes `lines` to a session's list at `position` (how many lines the writer left there; 0 with `create`)
 * with `APPEND_SCRIPT`, fenced by the lock's `token`. Safe to send again: a write that already ran is found
 * done, never pushed twice. So a write that failed with no answer from Redis (the connection dropped, the
 * client gave up waiting) is sent again, up to three times in all, then fails with `FLEET_REDIS_UNREACHABLE`.
 * Rejects with `SESSION_BUSY` (the lock is another writer's, or the session exists when creating it),
 * `SESSION_NOT_FOUND` (deleted while open) or `SESSION_CONFLICT` (the list is not where this writer left
 * it: lines lost, or written by someone else).
 */
export async function writeRedisLines(options: { redis: Redis; keys: RedisSessionKeys; id: string; token: string; mode: 'create' | 'append'; position: number; lines: readonly string[] }): Promise<void> {
  const { redis, keys, id, token, mode, position, lines } = options;
  let reply: unknown;
  for (let attempt = 1; ; attempt++) {
    try {
      reply = await redis.eval(APPEND_SCRIPT, 4, keys.entries(id), keys.lock(id), keys.index, keys.written(id), token, id, mode, position, ...lines);
      break;
    } catch (error) {
      // A reply from Redis (a script error, out of memory) says the script did not write: that is final.
      if (error instanceof Error && error.name === 'ReplyError') throw error;
      if (attempt === ATTEMPTS) {
        throw new CodevError('FLEET_REDIS_UNREACHABLE', `Session ${id}: Redis did not answer a write ${ATTEMPTS} times (${errorMessage(error)}); it may have landed or not`, {
          hint: 'resume the session once Redis is back: it goes on from what Redis holds',
          cause: error,
        });
      }
    }
  }
  const [outcome, length] = (reply as [number, number]).map(Number) as [number, number];
  if (outcome === APPENDED) return;
  if (outcome === LOCK_LOST) throw lockLost(id);
  if (outcome === SESSION_EXISTS) throw new CodevError('SESSION_BUSY', `Session ${id} exists already`, { hint: 'resume it instead, or start a session with a new id' });
  if (outcome === SESSION_GONE) throw new CodevError('SESSION_NOT_FOUND', `Session ${id} was deleted while it was open`, { hint: 'start a new session' });
  const where = `Session ${id} in Redis holds ${length} lines where this writer left ${position}`;
  if (outcome === LINES_MISSING) {
    throw new CodevError('SESSION_CONFLICT', `${where}: its last ${position - length} are gone (Redis restarted and lost its latest writes, or the list was trimmed); nothing was written after the gap`, {
      hint: 'resume the session: it goes on from what Redis kept, without the lost messages. Redis loses at most the last second of writes with appendonly yes and appendfsync everysec',
    });
  }
  // LINES_FOREIGN, the one answer left.
  throw new CodevError('SESSION_CONFLICT', `${where}, and lines this writer did not write: something else wrote to the list; nothing more was written`, { hint: 'look at what is there (`codev sessions show ID`), then resume or fork the session' });
}

/** The lock expired and may be another writer's: this writer's writes stop. */
function lockLost(id: string): CodevError {
  return new CodevError('SESSION_BUSY', `Session ${id} is no longer this writer's: its lock expired (Redis was out of reach, or this process stalled, for longer than the lock's TTL) and another writer may have taken it`, {
    hint: 'resume the session again; what this writer had not written yet is lost',
  });
}
