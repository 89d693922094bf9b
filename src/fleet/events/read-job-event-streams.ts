import type { Redis } from 'ioredis';
import type { FleetEvent, JobEventOf, JobEventStreams } from '../types.ts';

/** How long one blocking read waits before it looks at the signal again. */
const BLOCK_MS = 1_000;
/**
 * Streams per XREAD: two arguments each, far under Redis' limit on a command's arguments (1,048,576) and small
 * enough that one reply (at most `EVENTS_PER_STREAM` events of each) stays a bounded size.
 */
export const STREAMS_PER_READ = 1_000;
const EVENTS_PER_STREAM = 100;

/**
 * The events of `jobIds` from each one's first, live, over ONE connection made by `connect` (a blocking read
 * holds its connection, so it is its own, and it is always closed): a blocking XREAD over every stream at
 * once, in batches of `STREAMS_PER_READ` when there are more (then a sweep of every batch without blocking,
 * and a short blocking read of one batch in turn when none had news). Ends once every job has ended or been
 * forgotten, or when `signal` aborts. `afterRead`, when given, runs after each read with the jobs still
 * followed (for checks that are not on the streams).
 */
export function readJobEventStreams(options: {
  connect: () => Promise<Redis>;
  keyOf: (jobId: string) => string;
  jobIds: Iterable<string>;
  signal?: AbortSignal;
  afterRead?: (following: readonly string[]) => Promise<void>;
}): JobEventStreams {
  const last = new Map<string, string>([...options.jobIds].map((id) => [id, '0']));
  return {
    forget: (jobId) => void last.delete(jobId),
    [Symbol.asyncIterator]: () => readStreams({ ...options, last }),
  };
}

async function* readStreams(options: {
  connect: () => Promise<Redis>;
  keyOf: (jobId: string) => string;
  last: Map<string, string>;
  signal?: AbortSignal;
  afterRead?: (following: readonly string[]) => Promise<void>;
}): AsyncGenerator<JobEventOf, void, void> {
  const { last, signal } = options;
  if (last.size === 0) return;
  const redis = await options.connect();
  // A stop ends the read under way too: a Redis that froze would hold it until its command timeout.
  const stop = () => redis.disconnect();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    let turn = 0;
    while (!signal?.aborted && last.size > 0) {
      const batches = batchesOf([...last.keys()]);
      let news = false;
      for (const batch of batches) {
        // One batch blocks; several are swept without blocking, so no batch waits behind another's block.
        const events = await readBatch({ redis, keyOf: options.keyOf, last, jobIds: batch, blockMs: batches.length === 1 ? BLOCK_MS : undefined });
        news ||= events.length > 0;
        yield* events;
      }
      if (!news && batches.length > 1 && !signal?.aborted) yield* await readBatch({ redis, keyOf: options.keyOf, last, jobIds: batches[turn++ % batches.length]!, blockMs: BLOCK_MS / 4 });
      await options.afterRead?.([...last.keys()]);
    }
  } catch (error) {
    if (!signal?.aborted) throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
    redis.disconnect();
  }
}

/** One XREAD of `jobIds`' streams after each one's last event read; advances `last`, drops ended jobs. */
async function readBatch(options: { redis: Redis; keyOf: (jobId: string) => string; last: Map<string, string>; jobIds: readonly string[]; blockMs: number | undefined }): Promise<JobEventOf[]> {
  const { last, jobIds } = options;
  const following = jobIds.filter((id) => last.has(id));
  if (following.length === 0) return [];
  const idOfKey = new Map(following.map((id) => [options.keyOf(id), id]));
  const block = options.blockMs === undefined ? [] : ['BLOCK', options.blockMs];
  const args = [...block, 'STREAMS', ...idOfKey.keys(), ...following.map((id) => last.get(id)!)];
  const reply = (await options.redis.call('XREAD', 'COUNT', EVENTS_PER_STREAM, ...args)) as [string, [string, string[]][]][] | null;
  const events: JobEventOf[] = [];
  for (const [key, entries] of reply ?? []) {
    const jobId = idOfKey.get(key)!;
    for (const [id, fields] of entries) {
      if (!last.has(jobId)) break;
      last.set(jobId, id);
      const event = JSON.parse(fieldOf(fields, 'event')) as FleetEvent;
      events.push({ jobId, event });
      if (event.type === 'job-end') last.delete(jobId);
    }
  }
  return events;
}

function batchesOf(ids: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let at = 0; at < ids.length; at += STREAMS_PER_READ) batches.push(ids.slice(at, at + STREAMS_PER_READ));
  return batches;
}

function fieldOf(fields: readonly string[], name: string): string {
  const at = fields.indexOf(name);
  return at >= 0 && at % 2 === 0 ? fields[at + 1]! : 'null';
}
