import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

const PAGE = 1_000;

/** A job that has ended, and when (ms since the epoch). */
export interface EndedJob {
  id: string;
  endedAt: number;
}

/**
 * Every ended job of `queue`, a page at a time: those BullMQ keeps as completed or failed (by when they
 * finished, oldest first) and those cancelled while they waited (BullMQ dropped them; `cancelled` keeps them).
 * A running job is in none of these lists.
 */
export async function listEndedJobs(options: { queue: Queue; redis: Redis; cancelled: string }): Promise<EndedJob[]> {
  const ended = new Map<string, number>();
  for (const state of ['completed', 'failed'] as const) {
    const key = options.queue.toKey(state);
    for (let start = 0; ; start += PAGE) {
      const page = await options.redis.zrange(key, start, start + PAGE - 1, 'WITHSCORES');
      for (let at = 0; at + 1 < page.length; at += 2) ended.set(page[at]!, Number(page[at + 1]));
      if (page.length < PAGE * 2) break;
    }
  }
  for (let start = 0; ; start += PAGE) {
    const page = await options.redis.zrange(options.cancelled, start, start + PAGE - 1, 'WITHSCORES');
    for (let at = 0; at + 1 < page.length; at += 2) if (!ended.has(page[at]!)) ended.set(page[at]!, Number(page[at + 1]));
    if (page.length < PAGE * 2) break;
  }
  return [...ended].map(([id, endedAt]) => ({ id, endedAt }));
}
