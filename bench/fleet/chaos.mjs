#!/usr/bin/env node
/**
 * The fleet chaos run at full size: the scenario of test/fleet/fleet-chaos.test.ts (run from the sources
 * through jiti, as the tests run it: no build needed) with 3 `codev worker` processes, 90 jobs of 9 turns
 * writing, appending to and editing files in checkouts of a real git repository, 28 worker kills, 6 SIGSTOPs
 * past the lock and 3 Redis kills. Prints what was done, a table of the jobs by outcome and every broken job
 * with what is wrong; exits 1 when a job is broken or something was left behind.
 *
 *   node bench/fleet/chaos.mjs                       # the full run (about 3 to 5 minutes on 2 cores)
 *   node bench/fleet/chaos.mjs --jobs 30 --kills 8   # smaller; also --rounds, --workers, --concurrency,
 *                                                    # --stops, --redis-kills, --seed, --keep (keep the folder)
 */
import { parseArgs } from 'node:util';
import { createJiti } from 'jiti';
import { formatTable } from './format-table.mjs';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '90' },
    rounds: { type: 'string', default: '2' },
    workers: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '2' },
    kills: { type: 'string', default: '28' },
    stops: { type: 'string', default: '6' },
    'redis-kills': { type: 'string', default: '3' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    keep: { type: 'boolean', default: false },
  },
});
const number = (name) => {
  const value = Number(values[name]);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`fleet chaos: --${name} must be a whole number, not ${values[name]}`);
  return value;
};

const jiti = createJiti(import.meta.url);
const { runChaosScenario, CHAOS_LOCK } = await jiti.import('../../test/fleet/test-fixtures/run-chaos-scenario.ts');
const started = performance.now();
const report = await runChaosScenario({
  jobs: number('jobs'),
  rounds: number('rounds'),
  workers: number('workers'),
  concurrency: number('concurrency'),
  workerKills: number('kills'),
  workerStops: number('stops'),
  redisKills: number('redis-kills'),
  seed: number('seed'),
  // Generous: a job that has not ended by then never will (a hang), not a slow one.
  hangGuardMs: 15 * 60_000,
  gapMs: [1_500, 3_500],
  modelDelayMs: 100,
  keepFolder: values.keep,
  log: (line) => process.stderr.write(`fleet chaos: ${line}\n`),
});
const seconds = ((performance.now() - started) / 1_000).toFixed(0);

const broken = report.jobs.filter((job) => job.problems.length > 0);
const byOutcome = new Map();
for (const job of report.jobs) {
  const key = `${job.status}, ${job.jobEnds} job-end${job.jobEnds === 1 ? '' : 's'}, ${job.problems.length === 0 ? 'branch = transcript' : 'broken'}`;
  const row = byOutcome.get(key) ?? { jobs: 0, attempts: 0, calls: 0 };
  row.jobs += 1;
  row.attempts += job.attempts ?? 0;
  row.calls += job.calls;
  byOutcome.set(key, row);
}
const kinds = ['kill -9 worker', 'SIGSTOP worker', 'kill -9 redis-server'];
console.log(`# fleet chaos: seed ${report.seed}, ${report.jobs.length} jobs of ${1 + 4 * number('rounds')} turns, ${number('workers')} workers × ${number('concurrency')}, lock ${CHAOS_LOCK.lockDurationMs} ms / stall check ${CHAOS_LOCK.stalledIntervalMs} ms / max stalled ${CHAOS_LOCK.maxStalledCount}, ${seconds} s\n`);
console.log(kinds.map((kind) => `${report.actions.filter((action) => action.includes(`: ${kind} `)).length} × ${kind}`).join(', '), '\n');
console.log(formatTable(['outcome', 'jobs', 'attempts (sum)', 'tool calls (sum)'], [...byOutcome].map(([key, row]) => [key, row.jobs, row.attempts, row.calls])));
if (broken.length > 0) console.log(`\n## ${broken.length} broken jobs\n\n${broken.map((job) => `- ${job.tag} ${job.id} (${job.status}, ${job.jobEnds} job-end, attempts ${job.attempts}): ${job.problems.join('; ')}`).join('\n')}`);
if (report.problems.length > 0) console.log(`\n## the run\n\n${report.problems.map((problem) => `- ${problem}`).join('\n')}`);
if (values.keep) console.log(`\nthe run's folder: ${report.folder}`);
console.log(broken.length === 0 && report.problems.length === 0 ? '\nevery job ended once, completed, its transcript and its branch right' : `\nFAILED: ${broken.length} broken jobs, ${report.problems.length} problems of the run (seed ${report.seed} runs it again)`);
process.exitCode = broken.length === 0 && report.problems.length === 0 ? 0 : 1;
