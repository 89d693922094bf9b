import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Redis } from 'ioredis';
import { CodevError } from '../../errors/codev-error.ts';
import { RELEASE_SCRIPT, RENEW_SCRIPT } from './redis-session-scripts.ts';

/** A session lock this process holds. */
export interface RedisSessionLock {
  /** The lock's value: who holds it and a random token; writes check it (see `redis-session-scripts.ts`). */
  readonly token: string;
  /** Stops renewing and deletes the lock while it is still this one's. */
  release(): Promise<void>;
}

/**
 * Takes a session's lock in Redis (`SET NX PX`): one writer per session across processes and machines.
 * It is renewed every third of `ttlMs` while held, so a holder that dies (`kill -9`, a lost machine) stops
 * renewing and its lock expires within `ttlMs`, after which another writer can take it. While it is held,
 * `SESSION_BUSY` naming the holder. Each command is safe to run twice (a client sends one again when its
 * reply is lost): renewing twice renews, releasing twice finds nothing of this writer's to delete.
 */
export async function holdRedisSessionLock(options: { redis: Redis; key: string; sessionId: string; ttlMs: number }): Promise<RedisSessionLock> {
  const { redis, key, ttlMs } = options;
  const token = JSON.stringify({ pid: process.pid, hostname: os.hostname(), token: randomUUID() });
  if ((await redis.set(key, token, 'PX', ttlMs, 'NX')) === null) {
    // The SET sent again after a lost reply finds the lock its first run took: this writer's all the same.
    const holder = await redis.get(key);
    if (holder !== token) throw busy({ sessionId: options.sessionId, holder, token });
  }
  let renewing = false;
  const renew = async () => {
    if (renewing) return;
    renewing = true;
    try {
      // A lost lock is not renewed again; the writer's next append finds out (its script checks the token).
      if ((await redis.eval(RENEW_SCRIPT, 1, key, token, ttlMs)) === 0) clearInterval(timer);
    } catch {
      // Redis unreachable for a moment: the next tick tries again, well before the TTL runs out.
    } finally {
      renewing = false;
    }
  };
  const timer = setInterval(() => void renew(), Math.max(1, Math.floor(ttlMs / 3)));
  timer.unref();
  let released = false;
  return {
    token,
    async release() {
      if (released) return;
      released = true;
      clearInterval(timer);
      await redis.eval(RELEASE_SCRIPT, 1, key, token);
    },
  };
}

function busy(options: { sessionId: string; holder: string | null; token: string }): CodevError {
  const holder = parseHolder(options.holder);
  const mine = JSON.parse(options.token) as { pid: number; hostname: string };
  const who = holder === undefined ? 'another writer' : holder.pid === mine.pid && holder.hostname === mine.hostname ? 'another agent of this process' : `process ${holder.pid} on ${holder.hostname}`;
  return new CodevError('SESSION_BUSY', `Session ${options.sessionId} is in use by ${who}`, {
    hint: 'wait for it to end (the lock of a writer that died expires within seconds), or fork the session (fork: true, or --fork-session) to go on from the same point in a new one',
  });
}

function parseHolder(value: string | null): { pid: number; hostname: string } | undefined {
  try {
    const holder = JSON.parse(value ?? '') as { pid?: unknown; hostname?: unknown };
    return typeof holder.pid === 'number' && typeof holder.hostname === 'string' ? { pid: holder.pid, hostname: holder.hostname } : undefined;
  } catch {
    return undefined;
  }
}
