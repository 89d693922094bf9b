/**
 * Case 5, codev against raw BullMQ in the same run: N trivial one-turn jobs through a codev worker process
 * and N trivial jobs through a raw BullMQ worker process (`raw-worker-process.mjs`: a processor that
 * returns at once) on the same Redis, same concurrency, in interleaved rounds (who goes first alternates).
 * A round submits its N jobs at once (`fleet.submit({ prompts })` / `queue.addBulk`) and is timed until the
 * queue's completed set holds them (ZCARD every 2 ms). Per side: the median jobs/s over the rounds, the
 * worker process's CPU per job, and Redis commands per job (`INFO commandstats`, the polls taken out);
 * the ratio is raw jobs/s over codev's. Layouts: 1 process × concurrency 1 and 1 × 4.
 * With `CODEV_BENCH_BEFORE_ROOT=<another built checkout>` a third side runs its `dist/` worker on a queue of
 * its own, in the same rounds (the order rotates), for a before/after in one run (the same root twice is
 * the A/A run that shows the noise). Not run on its own.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveCodevBuild } from '../resolve-codev-build.mjs';
import { readCommandStats, resetCommandStats } from '../redis-command-stats.mjs';
import { startWorkerProcess } from '../start-worker-process.mjs';
import { median } from '../statistics.mjs';
import { waitUntil } from '../wait-until.mjs';

const SETTINGS = { full: { jobs: 200, rounds: 5 }, quick: { jobs: 60, rounds: 3 } };
const LAYOUTS = [{ concurrency: 1 }, { concurrency: 4 }];

export async function measureVersusBullmq(bench) {
  const { jobs, rounds } = bench.quick ? SETTINGS.quick : SETTINGS.full;
  const bullmqPath = createRequire(path.join(bench.build.root, 'package.json')).resolve('bullmq');
  const bullmq = await import(pathToFileURL(bullmqPath).href);
  const results = [];
  for (const { concurrency } of LAYOUTS) results.push({ concurrency, jobs, rounds, ...(await measureLayout({ bench, bullmq, bullmqModule: pathToFileURL(bullmqPath).href, concurrency, jobs, rounds })) });
  return results;
}

async function measureLayout({ bench, bullmq, bullmqModule, concurrency, jobs, rounds }) {
  const { fleet, queue: fleetQueue } = await bench.openFleet(`versus-codev-${concurrency}`);
  const before = process.env.CODEV_BENCH_BEFORE_ROOT ? { build: resolveCodevBuild(process.env.CODEV_BENCH_BEFORE_ROOT), ...(await bench.openFleet(`versus-before-${concurrency}`)) } : undefined;
  const rawQueueName = `${fleetQueue}-raw`;
  const rawQueue = new bullmq.Queue(rawQueueName, { connection: { url: bench.redisUrl } });
  const codevWorker = await startWorkerProcess({ ...bench.workerConfig(fleetQueue), name: `versus-codev-${concurrency}`, concurrency });
  const rawWorker = await startWorkerProcess({ script: 'raw', bullmqModule, redisUrl: bench.redisUrl, queue: rawQueueName, name: `versus-raw-${concurrency}`, concurrency });
  const beforeWorker = before && (await startWorkerProcess({ ...bench.workerConfig(before.queue), fleetModule: before.build.fleetModule, name: `versus-before-${concurrency}`, concurrency }));
  const sides = {
    ...(before && { before: { worker: beforeWorker, queue: before.queue, done: 0, submit: (prompts) => before.fleet.submit({ script: bench.project.script, prompts }), rounds: [] } }),
    codev: { worker: codevWorker, queue: fleetQueue, done: 0, submit: (prompts) => fleet.submit({ script: bench.project.script, prompts }), rounds: [] },
    raw: { worker: rawWorker, queue: rawQueueName, done: 0, submit: (prompts) => rawQueue.addBulk(prompts.map((prompt) => ({ name: 'job', data: { prompt } }))), rounds: [] },
  };
  try {
    for (const side of Object.values(sides)) await runBatch({ bench, side, count: 2 * concurrency, tag: 'warm-up' });
    for (let round = 0; round < rounds; round += 1) {
      const names = Object.keys(sides);
      const order = names.map((_, index) => names[(index + round) % names.length]);
      for (const name of order) sides[name].rounds.push(await runBatch({ bench, side: sides[name], count: jobs, tag: `round-${round}`, measure: true }));
    }
    const summary = (side) => ({
      jobsPerSecond: median(side.rounds.map((round) => round.jobsPerSecond)),
      jobsPerSecondRange: [Math.min(...side.rounds.map((round) => round.jobsPerSecond)), Math.max(...side.rounds.map((round) => round.jobsPerSecond))],
      workerCpuPerJob: median(side.rounds.map((round) => round.workerCpuPerJob)),
      redisCommandsPerJob: median(side.rounds.map((round) => round.redisCommandsPerJob)),
      topCommands: side.rounds.at(-1).topCommands,
    });
    return { codev: summary(sides.codev), raw: summary(sides.raw), ...(before && { before: { ...summary(sides.before), commit: before.build.commit } }) };
  } finally {
    await Promise.all([codevWorker.stop(), rawWorker.stop(), beforeWorker?.stop()]);
    await before?.fleet.close();
    await rawQueue.close();
    await fleet.close();
  }
}

/** Submits `count` trivial jobs to one side, waits until they completed, and returns the round's figures. */
async function runBatch({ bench, side, count, tag, measure = false }) {
  const prompts = Array.from({ length: count }, (_, index) => `bench-job versus-${side.queue}-${tag}-${index} 1`);
  if (measure) await resetCommandStats(bench.redisClient);
  const cpuBefore = await side.worker.cpuMilliseconds();
  let polls = 0;
  const startedAt = performance.now();
  await side.submit(prompts);
  const target = side.done + count;
  await waitUntil(
    async () => {
      polls += 1;
      const [[, completed], [, failed]] = await bench.redisClient.pipeline().zcard(`bull:${side.queue}:completed`).zcard(`bull:${side.queue}:failed`).exec();
      if (failed > 0) throw new Error(`fleet bench: ${failed} job(s) of ${side.queue} failed`);
      return completed >= target;
    },
    { timeoutMs: 30_000 + count * 1_000, intervalMs: 2, what: `${count} jobs of ${side.queue} ${tag} completed` },
  );
  const seconds = (performance.now() - startedAt) / 1000;
  side.done = target;
  const workerCpuPerJob = ((await side.worker.cpuMilliseconds()) - cpuBefore) / count;
  const traffic = measure ? await readCommandStats(bench.redisClient) : undefined;
  const redisCommandsPerJob = traffic ? (traffic.totalCalls - 2 * polls) / count : 0;
  // The polls' ZCARDs and pipelines are the bench's own.
  const topCommands = traffic ? Object.entries(traffic.calls).map(([name, calls]) => [name, (name === 'zcard' ? calls - 2 * polls : calls) / count]).sort((left, right) => right[1] - left[1]).slice(0, 10) : [];
  return { jobsPerSecond: count / seconds, workerCpuPerJob, redisCommandsPerJob, topCommands };
}
