/**
 * The fleet chaos scenario, shared by `test/fleet/fleet-chaos.test.ts` (reduced) and `bench/fleet/chaos.mjs`
 * (full size): real `codev worker` processes on a real Redis with append-only persistence, multi-turn jobs
 * that write, append to and edit files in a checkout of a real git repository, the fake Messages server
 * answering from the transcript alone; meanwhile workers are killed with SIGKILL (and restarted), stopped
 * with SIGSTOP past their lock (then SIGCONT), and Redis is killed with SIGKILL and restarted. Once every
 * job ended (or the hang guard passed) and stale attempts had time to act, every job is checked: one
 * `job-end`, `completed`, each turn once in its transcript, and its branch exactly what its transcript
 * wrote; and nothing is left behind. Only pids the scenario started are signalled.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createFleet } from '../../../src/fleet/create-fleet.ts';
import { connectRedis } from '../../../src/fleet/redis/connect-redis.ts';
import { startRedisServer } from '../../../src/fleet/test-fixtures/start-redis-server.ts';
import { createFakeMessagesServer } from '../../../src/testing/index.ts';
import { chaosPrompt, chaosReply } from './chaos-model.ts';
import { chaosSchedule, seededRandom } from './chaos-schedule.ts';
import { startChaosWorker, workspaceRootOf, type ChaosWorkerSettings } from './chaos-workers.ts';
import { checkChaosJob, type ChaosJobReport } from './check-chaos-job.ts';
import { createChaosRepository } from './create-chaos-repository.ts';
import { findLeftoverCheckouts, findLeftoverProcesses } from './find-leftovers.ts';
import { performChaos } from './perform-chaos.ts';
import { stopEveryWorker } from './stop-every-worker.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bin/codev.mjs');

/**
 * The lock settings of every chaos worker, in one place: a lock that a pause or a Redis outage of a few
 * seconds outlives, checked for stalls every second. A SIGSTOP lasts past the lock and a stall check.
 */
export const CHAOS_LOCK = { lockDurationMs: 5_000, stalledIntervalMs: 2_500, maxStalledCount: 10 };

export interface ChaosOptions {
  jobs: number;
  /** Rounds per job: each is a Write, a Bash append, a Read and an Edit (4 turns), after one `pwd` turn. */
  rounds: number;
  workers: number;
  /** Jobs at once per worker. */
  concurrency: number;
  workerKills: number;
  workerStops: number;
  redisKills: number;
  seed: number;
  /** How long every job may take to end, from the submit: past it the run stops waiting and reports. */
  hangGuardMs: number;
  /** The pause before each chaos action, drawn between these two. */
  gapMs: readonly [number, number];
  /** How long the fake model takes per reply. */
  modelDelayMs: number;
  /** Progress lines. */
  log?: (line: string) => void;
  /** Keep the run's folder (repository, Redis files, workspace roots) for a look after. */
  keepFolder?: boolean;
}

export interface ChaosReport {
  seed: number;
  /** What was done, in order, with the ms since the submit. */
  actions: string[];
  jobs: ChaosJobReport[];
  /** What is wrong with the run as a whole (leftovers, a worker that died on its own or would not stop). */
  problems: string[];
  folder: string;
}

export async function runChaosScenario(options: ChaosOptions): Promise<ChaosReport> {
  const log = options.log ?? (() => {});
  const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-fleet-chaos-'));
  const project = path.join(folder, 'project');
  mkdirSync(path.join(folder, 'home'), { recursive: true });
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, 'package.json'), '{ "name": "fleet-chaos-project", "private": true }\n');
  writeFileSync(path.join(project, 'agent.ts'), "export default { system: 'You work in a git checkout.' };\n");
  mkdirSync(path.join(folder, 'redis'), { recursive: true });
  const { repository, baseCommit, baseFiles } = createChaosRepository(folder);
  const redis = await startRedisServer({ appendOnly: true, directory: path.join(folder, 'redis') });
  const server = await createFakeMessagesServer({ apiKey: 'chaos-key', script: async (request) => (await sleep(options.modelDelayMs), chaosReply(request.body.messages ?? [])) });
  const queue = `chaos-${process.pid}`;
  const settings: ChaosWorkerSettings = {
    bin: BIN,
    redisUrl: redis.url,
    queue,
    project,
    workspaces: path.join(folder, 'workspaces'),
    ...CHAOS_LOCK,
    concurrency: options.concurrency,
    env: { PATH: process.env.PATH, HOME: path.join(folder, 'home'), CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE ?? '1', ANTHROPIC_API_KEY: 'chaos-key', ANTHROPIC_BASE_URL: server.url },
  };
  const report: ChaosReport = { seed: options.seed, actions: [], jobs: [], problems: [], folder };
  const workers = await Promise.all(Array.from({ length: options.workers }, (_, index) => startChaosWorker(settings, index + 1)));
  const client = await connectRedis({ url: redis.url, name: 'codev-fleet-chaos', maxRetriesPerRequest: null });
  client.on('error', () => {});
  try {
    const tags = Array.from({ length: options.jobs }, (_, index) => `j${String(index + 1).padStart(3, '0')}`);
    const fleet = await createFleet({ connection: redis.url, queue, env: {} });
    const handles = await fleet.submit({
      script: path.join(project, 'agent.ts'),
      prompts: tags.map((tag) => chaosPrompt(tag, options.rounds)),
      workspace: { repo: repository, ref: 'main' },
      // A Bash command's writes need a path rule: a bare Edit or Write rule allows only those tools.
      permissions: { allow: ['Edit(./**)', 'Bash(pwd)', 'Bash(printf *)'] },
      attempts: 5,
    });
    await fleet.close();
    const jobs = handles.map((handle, index) => ({ tag: tags[index]!, jobId: handle.id }));
    log(`submitted ${jobs.length} jobs of ${1 + 4 * options.rounds} turns to ${options.workers} workers (seed ${options.seed})`);
    const schedule = chaosSchedule({ random: seededRandom(options.seed), workerKills: options.workerKills, workerStops: options.workerStops, redisKills: options.redisKills });
    const ended = await performChaos({ schedule, random: seededRandom(options.seed + 1), options, settings, workers, redis, client, queue, jobs, actions: report.actions, log });
    if (ended < jobs.length) report.problems.push(`${jobs.length - ended} of ${jobs.length} jobs had not ended after ${options.hangGuardMs} ms (HANG_GUARD_MS)`);
    // A stale attempt (a worker SIGSTOPped past its lock, then continued) acts after its job ended elsewhere.
    await sleep(CHAOS_LOCK.lockDurationMs + 2 * CHAOS_LOCK.stalledIntervalMs + 1_000);
    report.problems.push(...(await stopEveryWorker(workers)));
    for (const job of jobs) report.jobs.push(await checkChaosJob({ redis: client, queue, ...job, repository, baseCommit, baseFiles }));
    for (const checkout of findLeftoverCheckouts(workers.map((worker) => workspaceRootOf(settings, worker.slot)))) report.problems.push(`checkout left behind: ${path.relative(folder, checkout)}`);
    for (const process of findLeftoverProcesses(folder, [redis.pid])) report.problems.push(`process left behind: ${process}`);
    return report;
  } finally {
    await stopEveryWorker(workers);
    client.disconnect();
    await server.close();
    await redis.stop();
    if (!options.keepFolder) rmSync(folder, { recursive: true, force: true });
  }
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
