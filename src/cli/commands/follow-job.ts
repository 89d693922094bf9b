import type { Fleet, FleetEvent } from '../../fleet/types.ts';

/** How following a job ended: how the job ended, `parked` (it waits for answers), or `stopped` (the watch was). */
export type FollowOutcome = 'completed' | 'failed' | 'cancelled' | 'parked' | 'stopped';

const PARKED_POLL_MS = 200;

/**
 * Hands each event of a job, from its first, to `onEvent` until the job ends (`job-end`), parks, or `signal`
 * aborts. A `job-parked` event is only the end of the watch while the job still waits: one answered since
 * has later events on its stream, and is followed on. So after it, the next event races a look at the
 * job's state (the worker parks the job in the queue just after it tells the event).
 */
export async function followJob(options: { fleet: Fleet; jobId: string; signal: AbortSignal; onEvent: (event: FleetEvent) => void }): Promise<FollowOutcome> {
  const { fleet, jobId, signal } = options;
  const controller = new AbortController();
  const stop = () => controller.abort(signal.reason);
  signal.addEventListener('abort', stop, { once: true });
  const events = fleet.job(jobId).events({ signal: controller.signal })[Symbol.asyncIterator]();
  let next = events.next();
  try {
    for (;;) {
      const step = await next;
      if (step.done) return 'stopped';
      options.onEvent(step.value);
      if (step.value.type === 'job-end') return step.value.result.status;
      next = events.next();
      if (step.value.type === 'job-parked' && (await stillParked({ fleet, jobId, next, signal: controller.signal }))) return 'parked';
    }
  } finally {
    signal.removeEventListener('abort', stop);
    controller.abort();
    // A pending read sees the abort within its blocking read's bound; then the reader is ended, which closes its connection.
    await next.catch(() => undefined);
    await events.return?.();
  }
}

/** True once the queue has the job parked; false as soon as another event comes, or it is not parked but going on. */
async function stillParked(options: { fleet: Fleet; jobId: string; next: Promise<unknown>; signal: AbortSignal }): Promise<boolean> {
  let eventCame = false;
  void options.next.then(
    () => (eventCame = true),
    () => (eventCame = true),
  );
  while (!eventCame && !options.signal.aborted) {
    const [job] = (await options.fleet.status({ ids: [options.jobId] })).jobs;
    if (eventCame) return false;
    if (job?.state === 'parked') return true;
    // Still active: the worker has told the event and is about to park the job.
    if (job?.state !== 'active') return false;
    await new Promise((resolve) => setTimeout(resolve, PARKED_POLL_MS));
  }
  return false;
}
