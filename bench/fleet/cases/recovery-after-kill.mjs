/**
 * Case 4, recovery after `kill -9`: two worker processes (concurrency 1) on a queue, one multi-turn job
 * (8 model requests). When the job's 4th model request reaches the fake model, the worker running it (the
 * `worker` of its `job-start` event) gets SIGKILL, by its pid, before that request is answered; the other
 * worker is idle. Recovery = from the SIGKILL to the job's next model request (the other worker going on
 * from the last checkpoint), split at the second `job-start` event (as the bench process read it from the
 * job's stream): BullMQ noticing the stalled job and handing it over, then the attempt resuming. The job
 * must then complete. With the default settings (lockDuration 30 s, stalledInterval 15 s) and with short
 * ones (5 s / 2.5 s, the shortest lock a worker accepts), fresh processes each run. Not run on its own.
 */
import { median } from '../statistics.mjs';
import { startWorkerProcesses, stopAll } from '../start-worker-process.mjs';
import { waitUntil } from '../wait-until.mjs';

const TURNS = 8;
const KILL_AT_REQUEST = 4;
export const SETTINGS = [
  { id: 'default', label: 'default (lockDuration 30 s, stalledInterval 15 s)', runs: { full: 3, quick: 1 }, waitMs: 120_000 },
  { id: 'short', label: 'short (lockDuration 5 s, stalledInterval 2.5 s: the shortest safe lock)', lockDurationMs: 5_000, stalledIntervalMs: 2_500, runs: { full: 5, quick: 2 }, waitMs: 30_000 },
];

export async function measureRecovery(bench) {
  const results = [];
  for (const settings of SETTINGS) {
    const runs = [];
    for (let run = 0; run < (bench.quick ? settings.runs.quick : settings.runs.full); run++) runs.push(await oneRun(bench, settings, `recovery-${settings.id}${run}`));
    const column = (name) => runs.map((sample) => sample[name]);
    results.push({ id: settings.id, label: settings.label, runs, recoveryMs: median(column('recoveryMs')), minMs: Math.min(...column('recoveryMs')), maxMs: Math.max(...column('recoveryMs')), takeOverMs: median(column('takeOverMs')), resumeMs: median(column('resumeMs')) });
  }
  return results;
}

async function oneRun(bench, settings, tag) {
  const { fleet, queue } = await bench.openFleet(tag);
  const lockSettings = settings.lockDurationMs === undefined ? {} : { lockDurationMs: settings.lockDurationMs, stalledIntervalMs: settings.stalledIntervalMs };
  const workers = await startWorkerProcesses({ ...bench.workerConfig(queue), ...lockSettings, count: 2, concurrency: 1, prefix: tag });
  const starts = [];
  let killedAt;
  let killed;
  try {
    const handle = await fleet.submit({ script: bench.project.script, prompt: `bench-job ${tag} ${TURNS}`, permissions: { allow: ['Read'] } });
    const reading = (async () => {
      for await (const event of handle.events({ signal: AbortSignal.timeout(settings.waitMs + 60_000) })) {
        if (event.type === 'job-start') starts.push({ at: performance.now(), worker: event.worker, resumedFromTurn: event.resumedFromTurn });
        if (event.type === 'job-end') return event.result;
      }
    })();
    reading.catch(() => {});
    bench.model.onRequest(async ({ tag: requestTag, turn }) => {
      if (requestTag !== tag || turn !== KILL_AT_REQUEST || killed) return;
      const start = await waitUntil(() => starts[0], { timeoutMs: 5_000, what: `job-start of ${tag}` });
      killed = workers.find((worker) => worker.name === start.worker);
      if (!killed) throw new Error(`fleet bench: job ${tag} started on an unknown worker ${start.worker}`);
      killedAt = await killed.kill9();
    });
    const next = await bench.model.waitForRequest(tag, KILL_AT_REQUEST + 1, settings.waitMs);
    const result = await reading;
    if (result?.status !== 'completed') throw new Error(`fleet bench: recovered job ${tag} ended ${result?.status}: ${JSON.stringify(result?.error)}`);
    const takeOver = starts[1];
    if (!takeOver || takeOver.worker === killed.name) throw new Error(`fleet bench: job ${tag} was not taken over by the other worker (${JSON.stringify(starts)})`);
    return { recoveryMs: next.at - killedAt, takeOverMs: takeOver.at - killedAt, resumeMs: next.at - takeOver.at, resumedFromTurn: takeOver.resumedFromTurn, attempts: result.attempts };
  } finally {
    bench.model.onRequest(undefined);
    await stopAll(workers);
    await fleet.close();
  }
}
