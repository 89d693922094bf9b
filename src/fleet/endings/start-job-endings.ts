import { randomUUID } from 'node:crypto';
import type { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { errorMessage } from '../../errors/codev-error.ts';
import type { FleetKeys } from '../fleet-keys.ts';
import { removeJobWorkspace } from '../workspace/remove-job-workspace.ts';
import { endLostJob } from './end-lost-job.ts';
import { removeEndedCheckouts } from './remove-ended-checkouts.ts';
import { sweepLostJobs } from './sweep-lost-jobs.ts';

/** A running sweep of a worker, stopped with the worker. */
export interface JobEndings {
  stop(): Promise<void>;
}

/**
 * Ends, for codev's clients, the jobs BullMQ ends without running codev's code: a job its stall limit fails
 * (BullMQ fails it as a worker takes it, and says so with the worker's `failed` event) is ended at once; every
 * `intervalMs`, one worker of the queue (the holder of a short Redis lock) sweeps for the others (see
 * `sweepLostJobs`), and each worker removes the checkouts of ended jobs from its workspace root (at its start
 * too). Failures are logged, never thrown: the next sweep tries again.
 */
export function startJobEndings(options: { redis: Redis; keys: FleetKeys; queue: string; worker: Worker; workspaceRoot: string; intervalMs: number; running: (jobId: string) => boolean; log: (line: string) => void }): JobEndings {
  const { redis, keys, queue, log } = options;
  const token = randomUUID();
  let cursor = '0';
  const endLost = async (jobId: string) => {
    if (!(await endLostJob({ redis, keys, queue, jobId }))) return;
    log(`job ${jobId}: BullMQ ended it without a job-end; ended it for its clients`);
    if (!options.running(jobId)) await removeJobWorkspace({ root: options.workspaceRoot, jobId });
  };
  options.worker.on('failed', (job) => {
    if (job?.id) endLost(job.id).catch((error: unknown) => log(`job ${job.id}: could not end it: ${errorMessage(error)}`));
  });
  async function sweep() {
    if ((await redis.set(keys.sweepLock, token, 'PX', options.intervalMs, 'NX')) === 'OK') {
      const swept = await sweepLostJobs({ redis, keys, queue, cursor });
      cursor = swept.cursor;
      for (const jobId of swept.ended) log(`job ${jobId}: BullMQ lost or failed it without a job-end; ended it for its clients`);
    }
    const removed = await removeEndedCheckouts({ redis, keys, root: options.workspaceRoot, running: options.running });
    if (removed.length > 0) log(`removed the checkouts of ended jobs ${removed.join(', ')}`);
  }
  let current: Promise<void> = Promise.resolve();
  const tick = () => {
    current = current.then(sweep).catch((error: unknown) => log(`sweep for ended jobs failed: ${errorMessage(error)}`));
  };
  tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}
