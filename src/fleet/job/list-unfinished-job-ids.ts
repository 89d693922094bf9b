import type { Queue } from 'bullmq';

const PAGE = 1_000;
/**
 * BullMQ's states of a job that has not ended, in the order a job moves through them: one that moves on
 * while they are listed is found again in a later state (ids are listed once).
 */
const UNFINISHED = ['delayed', 'prioritized', 'waiting-children', 'waiting', 'active'] as const;

/**
 * The ids of every job of `queue` that has not ended (waiting, delayed or parked, running), all of them, a
 * page at a time (ids only: no job's data is read). Newest first within a state, so what leaves a state while
 * it is listed (from its oldest end) does not shift the pages still to come.
 */
export async function listUnfinishedJobIds(queue: Queue): Promise<string[]> {
  const ids = new Set<string>();
  for (const state of UNFINISHED) {
    for (let start = 0; ; start += PAGE) {
      const page = await queue.getRanges([state], start, start + PAGE - 1, false);
      for (const id of page) ids.add(id);
      if (page.length < PAGE) break;
    }
  }
  return [...ids];
}
