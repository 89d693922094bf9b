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
 * BullMQ's counts, the jobs of its active, delayed and failed sets that codev calls cancelled or parked
 * counted as those, and the jobs cancelled while they waited (BullMQ forgot them) added. The three sets are
 * read in one transaction, so a job that moves between them meanwhile is counted once; then the codev state
 * of each of their jobs is read (one pipeline; retention keeps the failed set bounded).
 */
export async function countJobStates(options: { queue: Queue; redis: Redis; keys: FleetKeys }): Promise<Record<string, number>> {
  const { queue, redis, keys } = options;
  const others = COUNTED_STATES.filter((state) => !(HIDING as readonly string[]).includes(state));
  const counts: Record<string, number> = { ...(await queue.getJobCounts(...others)), parked: 0, cancelled: await redis.zcard(keys.cancelled) };
  const snapshot = await redis.multi().lrange(queue.keys.active!, 0, -1).zrange(queue.keys.delayed!, 0, -1).zrange(queue.keys.failed!, 0, -1).exec();
  const members = HIDING.flatMap((bullState, index) => ((snapshot?.[index]?.[1] ?? []) as string[]).map((id) => ({ id, bullState })));
  for (const bullState of HIDING) counts[bullState] = 0;
  const batch = redis.pipeline();
  for (const { id } of members) batch.hmget(keys.state(id), 'cancelled', 'parked');
  const fields = members.length > 0 ? ((await batch.exec()) ?? []) : [];
  members.forEach(({ bullState }, index) => {
    const [cancelled, parked] = (fields[index]?.[1] ?? []) as (string | null)[];
    const state = codevStateOf(bullState, { cancelled: cancelled === '1', parked: Boolean(parked) });
    counts[state] = (counts[state] ?? 0) + 1;
  });
  return Object.fromEntries([...COUNTED_STATES, 'parked', 'cancelled'].map((state) => [state, counts[state] ?? 0]));
}
