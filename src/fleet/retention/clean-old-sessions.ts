import type { Redis } from 'ioredis';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { SessionStore } from '../../transcripts/types.ts';
import { redisSessionKeys } from '../session-store/redis-session-keys.ts';

const PAGE = 1_000;

/**
 * Removes the sessions of the fleet last written before `cutoff` (ms) that no kept job names: those of jobs
 * BullMQ already forgot (it drops ended jobs after a week) and the sessions an attempt forked from. `keep` are
 * the sessions of every job not removed (running, waiting, parked, ended but younger than the retention); a
 * session another process holds is not taken from it (its delete fails, and is told in `problems`).
 */
export async function cleanOldSessions(options: { redis: Redis; prefix: string; store: SessionStore; cutoff: number; keep: ReadonlySet<string>; dryRun: boolean; signal?: AbortSignal }): Promise<{ sessions: string[]; problems: string[] }> {
  const { index } = redisSessionKeys(options.prefix);
  const old: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await options.redis.zrangebyscore(index, '-inf', options.cutoff, 'LIMIT', offset, PAGE);
    old.push(...page.filter((id) => !options.keep.has(id)));
    if (page.length < PAGE) break;
  }
  const sessions: string[] = [];
  const problems: string[] = [];
  for (const id of old) {
    if (options.signal?.aborted) break;
    if (options.dryRun) {
      sessions.push(id);
      continue;
    }
    try {
      await options.store.delete(id);
      sessions.push(id);
    } catch (error) {
      // Gone meanwhile is what was wanted.
      if (CodevError.isInstance(error) && error.code === 'SESSION_NOT_FOUND') continue;
      problems.push(`session ${id}: ${CodevError.isInstance(error) ? error.format() : errorMessage(error)}`);
    }
  }
  return { sessions, problems };
}
