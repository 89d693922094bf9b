/**
 * The Redis keys of one fleet, apart from BullMQ's own (`bull:<queue>:*`) so neither can touch the other's:
 * a job's events (a stream), its state (a hash: session, checkpoint, spending, answers), the sessions, and
 * the channel that carries cancellations to the workers.
 */
export interface FleetKeys {
  /** The prefix of the Redis session store of this fleet's jobs. */
  sessions: string;
  /** Publish a job id here to cancel it on whichever worker runs it. */
  cancelChannel: string;
  /** The jobs cancelled while they waited (BullMQ no longer has them), by when: `status` lists them. */
  cancelled: string;
  /** The jobs `clean` removed, by when: a rewind of one says its checkpoints were cleaned. */
  cleaned: string;
  /** Held by the one worker that sweeps for jobs BullMQ ended behind codev's back (see `startJobEndings`). */
  sweepLock: string;
  events(jobId: string): string;
  state(jobId: string): string;
}

export function fleetKeys(queue: string): FleetKeys {
  const base = `codev-fleet:${queue}`;
  return {
    sessions: `${base}:sessions`,
    cancelChannel: `${base}:cancel`,
    cancelled: `${base}:cancelled`,
    cleaned: `${base}:cleaned`,
    sweepLock: `${base}:sweep-lock`,
    events: (jobId) => `${base}:job:${jobId}:events`,
    state: (jobId) => `${base}:job:${jobId}:state`,
  };
}

/** Queue names are key parts: letters, digits, `.`, `_` and `-` only. */
export const QUEUE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
