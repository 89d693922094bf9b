/**
 * Starts fleet worker processes (`worker-process.mjs`, a child node process each, owned by the bench) and
 * waits until each says it takes jobs (20 s at most). A process handle reads the process's CPU time, stops
 * its worker cleanly (30 s, then SIGKILL) or `kill -9`s it (SIGKILL by its own pid) and reports when that
 * was sent. Not run on its own.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ownChild } from './owned-resources.mjs';
import { withTimeout } from './wait-until.mjs';

const WORKER_SCRIPTS = { fleet: fileURLToPath(new URL('./worker-process.mjs', import.meta.url)), raw: fileURLToPath(new URL('./raw-worker-process.mjs', import.meta.url)) };
const READY_WITHIN_MS = 20_000;
const STOP_WITHIN_MS = 30_000;

/** `config`: what `worker-process.mjs` reads (see there; `raw-worker-process.mjs` with `script: 'raw'`), without `name`; each process gets `<prefix>-<n>`. */
export function startWorkerProcesses({ count, prefix, ...config }) {
  return Promise.all(Array.from({ length: count }, (_, index) => startWorkerProcess({ ...config, name: `${prefix}-${index + 1}` })));
}

export async function startWorkerProcess({ script = 'fleet', ...config }) {
  const child = ownChild(fork(WORKER_SCRIPTS[script], [JSON.stringify(config)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: process.execArgv }));
  let errors = '';
  child.stderr.on('data', (chunk) => void (errors = (errors + chunk.toString()).slice(-4_000)));
  const logs = [];
  child.on('message', (message) => message?.type === 'log' && logs.push(message.line));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    child.on('message', (message) => message?.type === 'ready' && resolve());
    child.once('exit', (code, signal) => reject(new Error(`fleet bench: worker ${config.name} exited (${signal ?? code}) before it was ready:\n${errors}`)));
  });
  await withTimeout(ready, READY_WITHIN_MS, `worker ${config.name} ready`);
  return {
    name: config.name,
    pid: child.pid,
    logs,
    /** The process's CPU time so far (user + system), in ms. */
    async cpuMilliseconds() {
      const answered = new Promise((resolve) => {
        const listen = (message) => {
          if (message?.type !== 'cpu') return;
          child.off('message', listen);
          resolve((message.usage.user + message.usage.system) / 1000);
        };
        child.on('message', listen);
      });
      child.send({ type: 'cpu' });
      return withTimeout(answered, 5_000, `CPU time of worker ${config.name}`);
    },
    /** SIGKILL, as `kill -9`: returns `performance.now()` right after the signal was sent, once the process is gone. */
    async kill9() {
      child.kill('SIGKILL');
      const at = performance.now();
      await withTimeout(exited, 5_000, `exit of worker ${config.name} after SIGKILL`);
      return at;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ type: 'close' });
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WITHIN_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

export async function stopAll(workers) {
  await Promise.all(workers.map((worker) => worker.stop()));
}

/** The CPU time (ms) of all `workers` so far. */
export async function cpuMillisecondsOf(workers) {
  return (await Promise.all(workers.map((worker) => worker.cpuMilliseconds()))).reduce((sum, value) => sum + value, 0);
}
