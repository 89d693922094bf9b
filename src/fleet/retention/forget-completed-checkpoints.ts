import type { Job } from 'bullmq';
import { errorMessage } from '../../errors/codev-error.ts';
import type { FleetJobData } from '../job/fleet-job-data.ts';
import { deleteJobCheckpoints } from '../workspace/delete-job-checkpoints.ts';

/** Deletes completed jobs' hidden refs as BullMQ completes them (see `forgetCompletedCheckpoints`). */
export interface CheckpointForgetter {
  /** For the worker's `completed` event: starts deleting the job's hidden refs, when it had a workspace. */
  completed(job: Job): void;
  /** Waits for the deletions started so far (a closing worker lets them finish). */
  settled(): Promise<void>;
}

/**
 * Once BullMQ has a job completed, its result is stored for good and no attempt will resume from its
 * checkpoints: its hidden refs (`refs/codev/jobs/<id>/*`, one per turn) are deleted from its repository, so a
 * repository does not gather hundreds of them. The result branch stays. A failure is logged, not thrown:
 * `codev queue clean` deletes what is left.
 */
export function forgetCompletedCheckpoints(options: { log: (line: string) => void }): CheckpointForgetter {
  const pending = new Set<Promise<void>>();
  return {
    completed(job) {
      const repo = (job.data as FleetJobData | undefined)?.workspace?.repo;
      if (!repo || !job.id) return;
      const jobId = job.id;
      const deleting = deleteJobCheckpoints({ repo, jobId }).then(
        () => undefined,
        (error: unknown) => options.log(`job ${jobId}: its hidden refs were not deleted (codev queue clean deletes them): ${errorMessage(error)}`),
      );
      pending.add(deleting);
      void deleting.finally(() => pending.delete(deleting));
    },
    async settled() {
      await Promise.all(pending);
    },
  };
}
