#!/usr/bin/env node
/**
 * The fleet bench: what `codev/fleet` adds on top of BullMQ and Redis, with real worker processes.
 *
 *   npm run build && node bench/fleet/fleet-bench.mjs [--quick] [latency] [throughput] [checkpoint] [recovery] [versus-bullmq]
 *
 * 1. latency: enqueue → first model request of a one-turn job on an idle worker, p50/p95 (50 jobs, 15 with --quick).
 * 2. throughput: jobs per second for 200 trivial one-turn jobs (40 with --quick), worker processes ×
 *    concurrency 1 × 1, 1 × 4 and 4 × 1.
 * 3. checkpoint: ms per turn of a 30-turn job (15) on the fleet (Redis session store, a checkpoint per
 *    turn) against the same agent run locally with the file SessionStore, and with nothing persisted;
 *    the Redis commands and bytes per turn.
 * 4. recovery: from `kill -9` of the worker running a multi-turn job to that job's next model request on
 *    the other, idle, worker, with the default settings (lockDuration 30 s, stalledInterval 15 s: about
 *    30–45 s) and with 2 s / 1 s. The longest part of the run: 3 default runs (1 with --quick).
 * 5. versus-bullmq: jobs/s of trivial one-turn jobs on a codev worker process against a raw BullMQ worker
 *    process on the same Redis, interleaved rounds, concurrency 1 and 4; the ratio and worker CPU per job.
 *
 * Needs `redis-server` on the PATH (it starts its own, on a free loopback port, with no persistence) and a
 * built `dist/` (`CODEV_BENCH_ROOT=<checkout>` measures another built checkout). The model is the fake
 * Messages server of `codev/testing`, in this process. Every job runs in worker processes that import
 * `codev/fleet` from `dist/`, so the figures include real process boundaries. Everything it starts is
 * stopped at the end, on an error and on Ctrl-C; every wait is bounded. Prints Markdown tables.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { measureCheckpointCost } from './cases/checkpoint-cost.mjs';
import { measureFirstRequestLatency } from './cases/first-request-latency.mjs';
import { measureRecovery } from './cases/recovery-after-kill.mjs';
import { measureThroughput } from './cases/throughput.mjs';
import { measureVersusBullmq } from './cases/versus-bullmq.mjs';
import { createBenchProject } from './create-bench-project.mjs';
import { createModelServer } from './create-model-server.mjs';
import { formatReport } from './format-report.mjs';
import { startRedisMonitor } from './monitor-redis-traffic.mjs';
import { releaseAll } from './owned-resources.mjs';
import { resolveCodevBuild } from './resolve-codev-build.mjs';
import { startRedisServer } from './start-redis-server.mjs';

const CASES = { latency: measureFirstRequestLatency, throughput: measureThroughput, checkpoint: measureCheckpointCost, recovery: measureRecovery, 'versus-bullmq': measureVersusBullmq };
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const selected = args.filter((arg) => !arg.startsWith('--'));
const unknown = selected.filter((name) => !(name in CASES));
if (unknown.length > 0) {
  console.error(`fleet bench: no case ${unknown.join(', ')}; the cases are ${Object.keys(CASES).join(', ')}`);
  process.exit(2);
}

const startedAt = performance.now();
const loadBefore = os.loadavg();
const build = resolveCodevBuild();
const { createFleet } = await import(build.fleetModule);
const { Redis } = createRequire(path.join(build.root, 'package.json'))('ioredis');
let redis;
let model;
let redisClient;
try {
  redis = await startRedisServer();
  redisClient = new Redis(redis.url, { maxRetriesPerRequest: 1, connectionName: 'bench-client' });
  const project = createBenchProject();
  model = await createModelServer({ testingModule: build.testingModule, notesFile: project.notesFile });
  const bench = {
    quick,
    build,
    project,
    model,
    redisClient,
    redisUrl: redis.url,
    /** Watches Redis with MONITOR until `stop()` (see monitor-redis-traffic.mjs); never in a timed stretch. */
    monitorRedis: () => startRedisMonitor({ Redis, url: redis.url }),
    /** A fleet on a queue of its own, so no case sees another's jobs. */
    async openFleet(name) {
      const queue = `bench-${name}-${randomUUID().slice(0, 6)}`;
      const fleet = await createFleet({ connection: redis.url, queue, env: {} });
      return { fleet, queue };
    },
    /** What every worker process of `queue` gets, apart from its count, concurrency and name. */
    workerConfig: (queue) => ({ fleetModule: build.fleetModule, redisUrl: redis.url, queue, modelUrl: model.url, apiKey: model.apiKey, workspaceRoot: project.workspaceRoot }),
  };
  const results = {};
  for (const name of selected.length > 0 ? selected : Object.keys(CASES)) {
    process.stderr.write(`  running ${name} ...\n`);
    const caseStartedAt = performance.now();
    results[name] = await CASES[name](bench);
    process.stderr.write(`  ${name} took ${((performance.now() - caseStartedAt) / 1000).toFixed(1)} s\n`);
  }
  console.log(formatReport({ results, build, quick, loadBefore, loadAfter: os.loadavg(), seconds: (performance.now() - startedAt) / 1000 }));
} catch (error) {
  process.exitCode = 1;
  console.error(error?.stack ?? error);
} finally {
  await model?.close().catch(() => {});
  redisClient?.disconnect();
  await redis?.stop().catch(() => {});
  releaseAll();
}
// A fleet's connections go with redis-server; nothing is left to wait for.
process.exit(process.exitCode ?? 0);
