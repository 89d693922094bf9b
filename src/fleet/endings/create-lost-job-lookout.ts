/** How often a reader that waits looks whether BullMQ ended one of its jobs behind codev's back. */
export const LOOK_EVERY_MS = 5_000;
/** Jobs looked at per look: a watch of 10,000 jobs looks at them in turn, not all at once. */
const JOBS_PER_LOOK = 100;

/**
 * The `afterRead` of a reader of job streams: now and then (every `everyMs`, default `LOOK_EVERY_MS`), the next
 * jobs it still follows, in turn, are given to `endIfLost`, which ends a job BullMQ failed or no longer has
 * (once, on its stream), so a reader never waits forever on a job nothing will end, even with no worker left.
 */
export function createLostJobLookout(options: { endIfLost: (jobId: string) => Promise<unknown>; everyMs?: number }): (following: readonly string[]) => Promise<void> {
  const everyMs = options.everyMs ?? LOOK_EVERY_MS;
  let lookedAt = 0;
  let next = 0;
  return async (following) => {
    if (following.length === 0 || Date.now() - lookedAt < everyMs) return;
    lookedAt = Date.now();
    const start = next % following.length;
    const batch = [...following.slice(start, start + JOBS_PER_LOOK), ...following.slice(0, Math.max(0, start + JOBS_PER_LOOK - following.length))];
    next = start + batch.length;
    // A failed look (Redis away) is tried again at the next; the read itself says when Redis is gone for good.
    for (const jobId of new Set(batch)) await options.endIfLost(jobId).catch(() => {});
  };
}
