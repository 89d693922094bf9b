import type { Fleet, FleetEvent, JobEventStreams } from '../../fleet/types.ts';

/** How following a job ended: how the job ended, `parked` (it waits for answers), or `stopped` (the watch was). */
export type FollowOutcome = 'completed' | 'failed' | 'cancelled' | 'parked' | 'stopped';

const PARKED_POLL_MS = 200;
/** Jobs whose state one `status` call asks for. */
const STATUS_BATCH = 500;

/**
 * Hands each event of the jobs `streams` follows, from their first, to `onEvent` until every job has ended
 * (`job-end`) or parked, or `signal` aborts; resolves with each job's outcome. A `job-parked` event is only the
 * end of a job's watch while the job still waits: one answered since has later events on its stream, and is
 * followed on. So after it, the job's state is looked at (the worker parks the job in the queue just after it
 * tells the event) until it is parked with no event since, or another event came, or it is not parked but
 * going on. Every look is one `status` call for all such jobs, on the fleet's one command connection.
 */
export async function followJobs(options: { fleet: Fleet; streams: JobEventStreams & { jobIds: readonly string[] }; signal: AbortSignal; onEvent: (jobId: string, event: FleetEvent) => void }): Promise<Map<string, FollowOutcome>> {
  const { fleet, streams, signal } = options;
  const outcomes = new Map<string, FollowOutcome>();
  /** Events seen per job, so a look at the state knows whether one came meanwhile. */
  const seen = new Map<string, number>();
  /** The jobs whose last event was `job-parked`, by how many events they had then. */
  const maybeParked = new Map<string, number>();
  const done = new AbortController();
  const stopLooking = () => done.abort();
  signal.addEventListener('abort', stopLooking, { once: true });
  const settle = (jobId: string, outcome: FollowOutcome) => {
    outcomes.set(jobId, outcome);
    maybeParked.delete(jobId);
    streams.forget(jobId);
  };
  const looking = lookAtParked({ fleet, maybeParked, seen, signal: done.signal, settle });
  try {
    for await (const { jobId, event } of streams) {
      if (outcomes.has(jobId)) continue;
      seen.set(jobId, (seen.get(jobId) ?? 0) + 1);
      maybeParked.delete(jobId);
      options.onEvent(jobId, event);
      if (event.type === 'job-end') settle(jobId, event.result.status);
      if (event.type === 'job-parked') maybeParked.set(jobId, seen.get(jobId)!);
    }
  } finally {
    done.abort();
    signal.removeEventListener('abort', stopLooking);
    await looking;
  }
  for (const jobId of streams.jobIds) if (!outcomes.has(jobId)) outcomes.set(jobId, 'stopped');
  return outcomes;
}

async function lookAtParked(options: { fleet: Fleet; maybeParked: Map<string, number>; seen: Map<string, number>; signal: AbortSignal; settle: (jobId: string, outcome: FollowOutcome) => void }): Promise<void> {
  const { maybeParked, seen, signal } = options;
  while (!signal.aborted) {
    const asked = [...maybeParked];
    for (let at = 0; at < asked.length && !signal.aborted; at += STATUS_BATCH) {
      const batch = asked.slice(at, at + STATUS_BATCH);
      const looked = await options.fleet.status({ ids: batch.map(([jobId]) => jobId), promptBytes: 0 }).catch(() => undefined);
      // Redis did not answer this time: the next look asks again.
      if (!looked) continue;
      const jobs = new Map(looked.jobs.map((job) => [job.id, job]));
      for (const [jobId, events] of batch) {
        // Another event came meanwhile: the job went on, and its stream tells.
        if (maybeParked.get(jobId) !== events || seen.get(jobId) !== events) continue;
        const state = jobs.get(jobId)?.state;
        if (state === 'parked') options.settle(jobId, 'parked');
        // Still active: the worker has told the event and is about to park the job.
        else if (state !== 'active') maybeParked.delete(jobId);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, PARKED_POLL_MS));
  }
}
