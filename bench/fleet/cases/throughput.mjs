/**
 * Case 2, jobs per second: N trivial one-turn jobs (the model answers `done` at once) submitted in one
 * `fleet.submit({ prompts })` (one BullMQ addBulk) to idle workers, timed from just before the submit until
 * BullMQ's completed set holds them all (polled every 10 ms with ZCARD). Three layouts of worker processes:
 * 1 × concurrency 1, 1 × concurrency 4, and 4 processes × concurrency 1. Each layout gets fresh processes
 * and a warm-up batch (2 jobs per slot) first. The Redis server's counters, reset before the timed batch,
 * give the commands per job (the bench's own ZCARD polls taken out), and the CPU time of the worker
 * processes (`process.cpuUsage()`), of the bench process (the fake model, the submit, the polls) and of
 * redis-server (`INFO cpu`) over the timed batch, per job: where the machine's cores went. Not run on its own.
 */
import { readCommandStats, resetCommandStats } from '../redis-command-stats.mjs';
import { cpuMillisecondsOf, startWorkerProcesses, stopAll } from '../start-worker-process.mjs';
import { waitUntil } from '../wait-until.mjs';

const JOBS = { full: 200, quick: 40 };
export const LAYOUTS = [
  { processes: 1, concurrency: 1 },
  { processes: 1, concurrency: 4 },
  { processes: 4, concurrency: 1 },
];

export async function measureThroughput(bench) {
  const count = bench.quick ? JOBS.quick : JOBS.full;
  const results = [];
  for (const layout of LAYOUTS) results.push({ ...layout, jobs: count, ...(await measureLayout(bench, layout, count)) });
  return results;
}

async function measureLayout(bench, { processes, concurrency }, count) {
  const { fleet, queue } = await bench.openFleet(`throughput-${processes}x${concurrency}`);
  const workers = await startWorkerProcesses({ ...bench.workerConfig(queue), count: processes, concurrency, prefix: `throughput-${processes}x${concurrency}` });
  try {
    const warmUp = 2 * processes * concurrency;
    await runBatch(bench, fleet, queue, `warm-up-${processes}x${concurrency}`, warmUp, 0);
    await resetCommandStats(bench.redisClient);
    const cpuBefore = { workers: await cpuMillisecondsOf(workers), bench: process.cpuUsage(), redis: await redisCpuMilliseconds(bench.redisClient) };
    const startedAt = performance.now();
    const polls = await runBatch(bench, fleet, queue, `throughput-${processes}x${concurrency}`, count, warmUp);
    const seconds = (performance.now() - startedAt) / 1000;
    const benchCpu = process.cpuUsage(cpuBefore.bench);
    const cpuPerJob = {
      workers: ((await cpuMillisecondsOf(workers)) - cpuBefore.workers) / count,
      bench: (benchCpu.user + benchCpu.system) / 1000 / count,
      redis: ((await redisCpuMilliseconds(bench.redisClient)) - cpuBefore.redis) / count,
    };
    const traffic = await readCommandStats(bench.redisClient);
    return { seconds, jobsPerSecond: count / seconds, redisCommandsPerJob: (traffic.totalCalls - 2 * polls) / count, cpuPerJob };
  } finally {
    await stopAll(workers);
    await fleet.close();
  }
}

/** Submits `count` one-turn jobs at once, waits until `before + count` jobs of the queue completed, and returns how many polls (2 ZCARDs each) that took. */
async function runBatch(bench, fleet, queue, tagPrefix, count, before) {
  const prompts = Array.from({ length: count }, (_, index) => `bench-job ${tagPrefix}-${index} 1`);
  await fleet.submit({ script: bench.project.script, prompts });
  let polls = 0;
  await waitUntil(
    async () => {
      polls += 1;
      const [completed, failed] = await Promise.all([bench.redisClient.zcard(`bull:${queue}:completed`), bench.redisClient.zcard(`bull:${queue}:failed`)]);
      if (failed > 0) throw new Error(`fleet bench: ${failed} job(s) of ${tagPrefix} failed`);
      return completed >= before + count;
    },
    { timeoutMs: 30_000 + count * 1_000, intervalMs: 10, what: `${count} jobs of ${tagPrefix} completed` },
  );
  return polls;
}

/** redis-server's CPU time so far (user + system, main thread and children), in ms. */
async function redisCpuMilliseconds(client) {
  const info = await client.info('cpu');
  const field = (name) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
  return (field('used_cpu_sys') + field('used_cpu_user')) * 1000;
}
