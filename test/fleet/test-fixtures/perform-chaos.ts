/**
 * The disorder of a chaos run, while its jobs run: each action of the schedule after a random pause, until
 * the schedule is done or every job ended; meanwhile every job's stream is polled for its `job-end`.
 * A killed worker is started again in its slot (same workspace root); a stopped one is continued after
 * its lock and a stall check passed, while the job's next attempt runs; Redis is restarted on its append-only file. Returns how many jobs
 * ended within the hang guard.
 */
import type { Redis } from 'ioredis';
import type { RedisServer } from '../../../src/fleet/test-fixtures/start-redis-server.ts';
import type { ChaosAction } from './chaos-schedule.ts';
import { isRunning, killChaosWorker, startChaosWorker, type ChaosWorker, type ChaosWorkerSettings } from './chaos-workers.ts';
import { readJobEnds } from './read-job-ends.ts';

const POLL_MS = 500;
const REDIS_DOWN_MS = 500;

export async function performChaos(run: {
  schedule: readonly ChaosAction[];
  random: () => number;
  options: { hangGuardMs: number; gapMs: readonly [number, number] };
  settings: ChaosWorkerSettings;
  /** One per slot; a restarted worker replaces the killed one. */
  workers: ChaosWorker[];
  redis: RedisServer;
  client: Redis;
  queue: string;
  jobs: readonly { jobId: string }[];
  actions: string[];
  log: (line: string) => void;
}): Promise<number> {
  const started = Date.now();
  const deadline = started + run.options.hangGuardMs;
  const ended = new Set<string>();
  const stopped = new Set<number>();
  const continued: Promise<void>[] = [];
  const note = (line: string) => {
    const entry = `${((Date.now() - started) / 1_000).toFixed(1)} s: ${line}`;
    run.actions.push(entry);
    run.log(entry);
  };
  const pick = () => {
    const candidates = run.workers.filter((worker) => isRunning(worker) && !stopped.has(worker.slot));
    return candidates[Math.floor(run.random() * candidates.length)];
  };
  const finished = () => ended.size === run.jobs.length || Date.now() > deadline;

  async function perform(action: ChaosAction): Promise<void> {
    if (action === 'kill-redis') {
      note(`kill -9 redis-server ${run.redis.pid}`);
      await run.redis.kill9();
      await sleep(REDIS_DOWN_MS);
      await run.redis.restart();
      note(`redis-server restarted on its append-only file (pid ${run.redis.pid})`);
      return;
    }
    const worker = pick();
    if (!worker) return note(`${action}: no worker to act on`);
    if (action === 'kill-worker') {
      note(`kill -9 worker ${worker.slot} (pid ${worker.child.pid})`);
      await killChaosWorker(worker);
      run.workers[run.workers.indexOf(worker)] = await startChaosWorker(run.settings, worker.slot);
      return note(`worker ${worker.slot} restarted (pid ${run.workers.find((each) => each.slot === worker.slot)!.child.pid})`);
    }
    // Past the lock and a stall check, so another worker takes its jobs, and continued while that attempt runs.
    const pauseMs = run.settings.lockDurationMs + run.settings.stalledIntervalMs + 500;
    note(`SIGSTOP worker ${worker.slot} (pid ${worker.child.pid}) for ${pauseMs} ms`);
    worker.child.kill('SIGSTOP');
    stopped.add(worker.slot);
    continued.push(
      sleep(pauseMs).then(() => {
        worker.child.kill('SIGCONT');
        stopped.delete(worker.slot);
        note(`SIGCONT worker ${worker.slot} (pid ${worker.child.pid})`);
      }),
    );
  }

  const chaos = (async () => {
    for (const action of run.schedule) {
      const [low, high] = run.options.gapMs;
      await sleep(low + run.random() * (high - low));
      if (finished()) return note('every job ended (or the hang guard passed) before the rest of the schedule');
      await perform(action);
    }
  })();
  let progress = -1;
  while (!finished()) {
    for (const { jobId } of run.jobs) if (!ended.has(jobId) && (await readJobEnds({ redis: run.client, queue: run.queue, jobId })).length > 0) ended.add(jobId);
    if (ended.size !== progress) run.log(`${ended.size} of ${run.jobs.length} jobs ended`);
    progress = ended.size;
    await sleep(POLL_MS);
  }
  await chaos;
  await Promise.all(continued);
  return ended.size;
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
