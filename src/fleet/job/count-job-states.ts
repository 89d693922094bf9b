import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FleetKeys } from '../fleet-keys.ts';
import type { JobSummary } from '../types.ts';

/** BullMQ's states that `status` counts. */
export const COUNTED_STATES = ['waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized', 'waiting-children'] as const;
/** The BullMQ states a codev state hides in: a job cancelled while it ran (active, then failed), a parked one (delayed). */
const HIDING = ['active', 'delayed', 'failed'] as const;

/** A job's state as codev tells it: cancelled (unless it completed first), parked (delayed for its answers), else BullMQ's. */
export function codevStateOf(bullState: string, state: { cancelled: boolean; parked: boolean }): JobSummary['state'] {
  if (state.cancelled && bullState !== 'completed') return 'cancelled';
  if (state.parked && bullState === 'delayed') return 'parked';
  return bullState as JobSummary['state'];
}

/**
 * How many jobs the queue has in each state, in the states `status` lists them in (see `codevStateOf`):
 * BullMQ's counts, with the jobs its active, delayed and failed sets hold that codev calls cancelled or
 * parked moved to those, and the jobs cancelled while they waited (BullMQ forgot them) added. Reads the
 * codev state of every job in those three sets (one pipeline each; retention keeps the failed set bounded).
 */
export async function countJobStates(options: { queue: Queue; redis: Redis; keys: FleetKeys }): Promise<Record<string, number>> {
  const { queue, redis, keys } = options;
  const counts: Record<string, number> = { ...(await queue.getJobCounts(...COUNTED_STATES)), parked: 0, cancelled: await redis.zcard(keys.cancelled) };
  for (const bullState of HIDING) {
    const ids = await queue.getRanges([bullState], 0, -1);
    if (ids.length === 0) continue;
    const batch = redis.pipeline();
    for (const id of ids) batch.hmget(keys.state(id), 'cancelled', 'parked');
    for (const [, fields] of (await batch.exec()) ?? []) {
      const [cancelled, parked] = (fields ?? []) as (string | null)[];
      const state = codevStateOf(bullState, { cancelled: cancelled === '1', parked: Boolean(parked) });
      if (state === bullState) continue;
      counts[bullState] = (counts[bullState] ?? 0) - 1;
      counts[state] = (counts[state] ?? 0) + 1;
    }
  }
  return counts;
}
