import { forkByCopy } from '../../transcripts/fork-by-copy.ts';
import type { Redis } from 'ioredis';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { summarizeTranscript } from '../../transcripts/summarize-transcript.ts';
import type { ListSessionsOptions, LoadedTranscript, SessionMetadata, SessionStore, SessionSummary } from '../../transcripts/types.ts';
import { checkedSessionId } from './checked-session-id.ts';
import { holdRedisSessionLock } from './hold-redis-session-lock.ts';
import { listRedisSessionIds } from './list-redis-session-ids.ts';
import { openRedisSessionWriter } from './open-redis-session-writer.ts';
import { parseRedisTranscript } from './parse-redis-transcript.ts';
import { readRedisEntries } from './read-redis-entries.ts';
import { redisSessionKeys } from './redis-session-keys.ts';
import { DELETE_SCRIPT, LOCK_LOST } from './redis-session-scripts.ts';

const DEFAULT_LOCK_TTL_MS = 10_000;
const RECENT = 5;
/** Transcripts read per round trip when listing. */
const LIST_BATCH = 20;

/**
 * A session store in Redis, for agents that run on many machines (codev/fleet): a session is a list
 * `<prefix>:session:<id>:entries` holding the same JSON lines the file store writes, and `read` parses
 * them as it parses a file (and reports lines written twice, and gaps). Each append adds only its new lines
 * (one RPUSH), in order, in the background; `close()` waits for them. Each write names where in the list it
 * goes, so one sent again after a lost reply lands once, and one that finds lines lost (Redis restarted
 * without them) or foreign fails with `SESSION_CONFLICT`. One writer per session across processes and
 * machines: a lock `<prefix>:session:<id>:lock` with a TTL (`lockTtlMs`, 10 s) renewed while the writer is
 * open, so the session of a worker that was killed can be resumed by another once the TTL runs out (well
 * within the fleet's stalled-job recovery). `list()` reads `<prefix>:sessions`, ordered by last write; `listIds`
 * reads only that index (a ZSCAN for a prefix), `readMetadata` only a session's first item; `readEntries`
 * reads the list from an index on (`readRedisEntries`), for a reader that follows a session as it is written.
 * The caller owns `redis` (from `connectRedis`) and quits it after the writers are closed.
 */
export function createRedisSessionStore(options: { redis: Redis; prefix?: string; lockTtlMs?: number }): SessionStore {
  const { redis } = options;
  const prefix = options.prefix ?? 'codev';
  const lockTtlMs = options.lockTtlMs ?? DEFAULT_LOCK_TTL_MS;
  const keys = redisSessionKeys(prefix);

  /** What a transcript's lines are called in messages (where a file store names the file). */
  const where = (id: string) => `Redis list ${keys.entries(id)}`;

  const parse = (id: string, lines: string[]): LoadedTranscript => parseRedisTranscript(lines, { file: where(id) });

  async function readTranscript(id: string): Promise<LoadedTranscript> {
    const lines = await redis.lrange(keys.entries(checkedSessionId(id)), 0, -1);
    if (lines.length === 0) throw await notFound(id);
    return parse(id, lines);
  }

  async function notFound(id: string): Promise<CodevError> {
    const recent = await redis.zrevrange(keys.index, 0, RECENT - 1);
    const hint = recent.length > 0 ? `recent sessions here: ${recent.join(', ')} (\`codev sessions\` lists them all)` : `there are no sessions under ${prefix}: in this Redis yet`;
    return new CodevError('SESSION_NOT_FOUND', `No session ${id} in Redis (prefix ${prefix})`, { hint });
  }

  async function readMetadata(id: string): Promise<SessionMetadata> {
    const first = await redis.lindex(keys.entries(checkedSessionId(id)), 0);
    if (first === null) throw await notFound(id);
    return parse(id, [first]).metadata;
  }

  const open: SessionStore['open'] = ({ id, metadata }) => openRedisSessionWriter({ redis, keys, lockTtlMs, id: checkedSessionId(id), metadata, notFound });

  async function list(listOptions: ListSessionsOptions = {}): Promise<SessionSummary[]> {
    const ranked = await redis.zrevrange(keys.index, 0, -1, 'WITHSCORES');
    const sessions: { id: string; writtenAt: string }[] = [];
    for (let index = 0; index + 1 < ranked.length; index += 2) sessions.push({ id: ranked[index]!, writtenAt: new Date(Number(ranked[index + 1])).toISOString() });
    const summaries: SessionSummary[] = [];
    for (let start = 0; start < sessions.length; start += LIST_BATCH) {
      const batch = sessions.slice(start, start + LIST_BATCH);
      const pipeline = redis.pipeline();
      for (const session of batch) pipeline.lrange(keys.entries(session.id), 0, -1);
      const replies = (await pipeline.exec()) ?? [];
      batch.forEach((session, position) => {
        const [error, lines] = replies[position] ?? [];
        try {
          if (!error && Array.isArray(lines) && lines.length > 0) summaries.push(summarizeTranscript(parse(session.id, lines as string[]), session.writtenAt));
        } catch (problem) {
          // A list that is not a readable transcript is not a session to list (`read` says why).
          listOptions.onSkip?.({ id: session.id, reason: errorMessage(problem) });
        }
      });
    }
    return summaries.sort((left, right) => right.updatedAt.localeCompare(left.updatedAt));
  }

  return {
    open,
    read: readTranscript,
    list,
    listIds: (idOptions) => listRedisSessionIds({ redis, index: keys.index, prefix: idOptions?.prefix }),
    readMetadata,
    async readEntries(id, readOptions = {}) {
      const read = await readRedisEntries({ redis, key: keys.entries(checkedSessionId(id)), from: readOptions.from, where: where(id) });
      if (!read) throw await notFound(id);
      return read;
    },
    fork: ({ from, to, at }) => forkByCopy({ store: { read: readTranscript, open }, from, to, at }),
    async delete(id) {
      const lock = await holdRedisSessionLock({ redis, key: keys.lock(checkedSessionId(id)), sessionId: id, ttlMs: lockTtlMs });
      try {
        if ((await redis.exists(keys.entries(id))) === 0) throw await notFound(id);
        // Under the lock nobody else deletes it: a script that finds nothing to delete is this one run again
        // after its reply was lost, and the session is gone all the same.
        if (Number(await redis.eval(DELETE_SCRIPT, 4, keys.entries(id), keys.lock(id), keys.index, keys.written(id), lock.token, id)) === LOCK_LOST) {
          throw new CodevError('SESSION_BUSY', `Session ${id} was not deleted: its lock expired before the delete ran (Redis out of reach, or this process stalled) and another writer may hold it`, { hint: 'try again' });
        }
      } finally {
        // A lock left by a failed release expires after its TTL.
        await lock.release().catch(() => undefined);
      }
    },
  };
}
