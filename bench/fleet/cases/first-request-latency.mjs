/**
 * Case 1, enqueue → first model request: one worker process (concurrency 1, default lock settings), idle,
 * gets single one-turn jobs submitted one at a time (the next once the previous has ended and the worker
 * had 100 ms to go back to waiting). Per job: from just before `fleet.submit()` to the fake model's
 * receipt of the job's first request (`performance.now()`, one clock: both in the bench process), and on
 * Redis's and BullMQ's ms clocks where the time went: `submit()` returned, BullMQ's `processedOn` (the
 * worker took it), the `job-start` event's stream id (the worker began the attempt). The first jobs of the
 * fresh worker process are warm-up (its first loads the script loader and the kernel's modules), reported
 * apart. One more job, after them and untimed, runs under MONITOR: the Redis requests of one one-turn job,
 * by connection. Not run on its own.
 */
import { median, percentile } from '../statistics.mjs';
import { startWorkerProcesses, stopAll } from '../start-worker-process.mjs';
import { sleep } from '../wait-until.mjs';

const JOBS = { full: 50, quick: 15 };
const WARM_UP = 3;

export async function measureFirstRequestLatency(bench) {
  const { fleet, queue } = await bench.openFleet('latency');
  const workers = await startWorkerProcesses({ ...bench.workerConfig(queue), count: 1, concurrency: 1, prefix: 'latency' });
  const samples = [];
  const warmUp = [];
  let traffic;
  try {
    const count = bench.quick ? JOBS.quick : JOBS.full;
    for (let index = 0; index < WARM_UP + count; index++) {
      await sleep(100);
      const sample = await oneJob(bench, fleet, queue, `latency${index}`);
      (index < WARM_UP ? warmUp : samples).push(sample);
    }
    await sleep(100);
    const monitor = await bench.monitorRedis();
    await oneJob(bench, fleet, queue, 'latency-monitored');
    traffic = await monitor.stop();
  } finally {
    await stopAll(workers);
    await fleet.close();
  }
  const column = (name) => samples.map((sample) => sample[name]);
  const summary = (name) => ({ p50: median(column(name)), p95: percentile(column(name), 0.95), max: Math.max(...column(name)) });
  return {
    jobs: samples.length,
    firstRequest: summary('firstRequestMs'),
    submitted: summary('submittedMs'),
    takenByWorker: summary('takenMs'),
    jobStart: summary('jobStartMs'),
    coldFirstJobMs: warmUp[0].firstRequestMs,
    traffic,
  };
}

async function oneJob(bench, fleet, queue, tag) {
  const wallStart = Date.now();
  const startedAt = performance.now();
  const handle = await fleet.submit({ script: bench.project.script, prompt: `bench-job ${tag} 1` });
  const submittedAt = performance.now();
  const first = await bench.model.waitForRequest(tag, 1, 30_000);
  const result = await handle.result({ timeoutMs: 30_000 });
  if (result.status !== 'completed') throw new Error(`fleet bench: latency job ${tag} ended ${result.status}: ${JSON.stringify(result.error)}`);
  const processedOn = Number(await bench.redisClient.hget(`bull:${queue}:${handle.id}`, 'processedOn'));
  const [[streamId]] = await bench.redisClient.xrange(`codev-fleet:${queue}:job:${handle.id}:events`, '-', '+', 'COUNT', 1);
  return {
    firstRequestMs: first.at - startedAt,
    submittedMs: submittedAt - startedAt,
    takenMs: processedOn - wallStart,
    jobStartMs: Number(streamId.split('-')[0]) - wallStart,
  };
}
