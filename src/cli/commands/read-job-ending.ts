import { CodevError } from '../../errors/codev-error.ts';
import type { Fleet, FleetJobResult } from '../../fleet/types.ts';

/** How long to look for an ending that is not there: the reader checks its bound once per blocking read (1 s). */
const LOOK_MS = 300;

/**
 * How a job the queue no longer has ended, from its event stream: a job cancelled before it started is
 * removed from the queue, but its stream keeps its `job-end`. Undefined when the stream has no end
 * (no such job, or one whose events expired).
 */
export async function readJobEnding(options: { fleet: Fleet; jobId: string }): Promise<FleetJobResult | undefined> {
  try {
    return await options.fleet.job(options.jobId).result({ timeoutMs: LOOK_MS });
  } catch (error) {
    if (CodevError.isInstance(error) && (error.code === 'JOB_TIMEOUT' || error.code === 'JOB_NOT_FOUND')) return undefined;
    throw error;
  }
}
