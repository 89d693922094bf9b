/**
 * The fleet under disorder, reduced for `npm test` (the full size is `node bench/fleet/chaos.mjs`): 3 real
 * `codev worker` processes on a real Redis with append-only persistence run 12 jobs of 5 turns each, every
 * job writing, appending to and editing files in its checkout of a real git repository; meanwhile workers
 * are killed with SIGKILL and restarted, stopped with SIGSTOP past their lock then continued, and Redis is
 * killed and restarted. Every job must end once, completed, with each turn once in its transcript and its
 * branch holding exactly what its transcript wrote (an oracle replaying the transcript onto the base tree,
 * compared with git), and no checkout or process may be left behind. CHAOS_SEED=<n> runs another draw of
 * the disorder, CHAOS_VERBOSE=1 prints what is done as it is done.
 */
import { describe, expect, it } from 'vitest';
import { runChaosScenario } from './test-fixtures/run-chaos-scenario.ts';

// Every job must have ended by then, or the run reports which did not (a hang guard, not a speed bound).
const HANG_GUARD_MS = 75_000;
const SEED = Number(process.env.CHAOS_SEED ?? 30);

describe('the fleet under disorder', () => {
  it('every job ends once, completed, each turn once in its transcript and its branch exactly what the transcript wrote', async () => {
    const report = await runChaosScenario({
      jobs: 12,
      rounds: 1,
      workers: 3,
      concurrency: 2,
      workerKills: 3,
      workerStops: 2,
      redisKills: 1,
      seed: SEED,
      hangGuardMs: HANG_GUARD_MS,
      gapMs: [1_000, 2_500],
      modelDelayMs: 100,
      ...(process.env.CHAOS_VERBOSE && { log: (line: string) => console.error(`chaos: ${line}`) }),
    });
    const broken = report.jobs.filter((job) => job.problems.length > 0).map((job) => `${job.tag} ${job.id} (${job.status}, ${job.jobEnds} job-end, attempts ${job.attempts}): ${job.problems.join('; ')}`);
    const context = `seed ${report.seed}; what was done:\n${report.actions.join('\n')}`;
    expect(report.jobs, context).toHaveLength(12);
    expect([...broken, ...report.problems], context).toEqual([]);
  }, 150_000);
});
