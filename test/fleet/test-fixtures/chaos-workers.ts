/**
 * The `codev worker` processes of the fleet chaos scenario: one per slot, each slot with its own
 * `--workspace-root` (a machine of its own), restarted in the same slot after a `kill -9`. Only the pids
 * this module started are ever signalled: SIGKILL, SIGSTOP and SIGCONT, SIGTERM to stop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const READY_WITHIN_MS = 30_000;
const STOP_WITHIN_MS = 20_000;
const running = new Set<ChildProcess>();
// A test that times out never reaches its clean-up: its workers must not outlive it, retrying a gone Redis.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Where and how the workers run. */
export interface ChaosWorkerSettings {
  /** bin/codev.mjs. */
  bin: string;
  redisUrl: string;
  queue: string;
  /** The folder of the agent script (the workers' working directory and script folder). */
  project: string;
  /** Each slot's workspace root is `<workspaces>/worker-<slot>`. */
  workspaces: string;
  lockDurationMs: number;
  stalledIntervalMs: number;
  /** `--max-stalled`; the worker's default when undefined. */
  maxStalledCount?: number;
  concurrency: number;
  /** The workers' environment (PATH, HOME, the model's key and URL...). */
  env: Record<string, string | undefined>;
}

/** A running (or stopped) worker process of one slot. */
export interface ChaosWorker {
  slot: number;
  child: ChildProcess;
  /** The last 8,000 characters it wrote on stderr. */
  stderr(): string;
}

export function workspaceRootOf(settings: ChaosWorkerSettings, slot: number): string {
  return path.join(settings.workspaces, `worker-${slot}`);
}

/** Starts the worker of `slot` and resolves once it says it is ready. */
export function startChaosWorker(settings: ChaosWorkerSettings, slot: number): Promise<ChaosWorker> {
  const args = [settings.bin, 'worker', '--redis', settings.redisUrl, '--queue', settings.queue, '--concurrency', String(settings.concurrency)];
  args.push('--lock-duration', String(settings.lockDurationMs), '--stalled-interval', String(settings.stalledIntervalMs), '--workspace-root', workspaceRootOf(settings, slot), '--scripts', settings.project);
  if (settings.maxStalledCount !== undefined) args.push('--max-stalled', String(settings.maxStalledCount));
  const child = spawn(process.execPath, args, { cwd: settings.project, env: settings.env, stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let log = '';
  child.stderr!.on('data', (chunk) => void (log = (log + chunk.toString()).slice(-8_000)));
  const worker: ChaosWorker = { slot, child, stderr: () => log };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`codev worker ${slot} did not get ready in ${READY_WITHIN_MS} ms:\n${log}`)), READY_WITHIN_MS);
    const listen = () => {
      if (!/ready:/.test(log)) return;
      clearTimeout(timer);
      child.stderr!.off('data', listen);
      resolve(worker);
    };
    child.stderr!.on('data', listen);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`codev worker ${slot} exited (${signal ?? code}) before it was ready:\n${log}`));
    });
  });
}

export function isRunning(worker: ChaosWorker): boolean {
  return worker.child.exitCode === null && worker.child.signalCode === null;
}

/** `kill -9` by its own pid; resolves once it is gone. */
export async function killChaosWorker(worker: ChaosWorker): Promise<void> {
  if (!isRunning(worker)) return;
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill('SIGKILL');
  await exited;
}

/** SIGTERM (the service manager's stop), SIGCONT in case it is stopped; SIGKILL after 20 s. True when it exited on its own. */
export async function stopChaosWorker(worker: ChaosWorker): Promise<boolean> {
  if (!isRunning(worker)) return true;
  const exited = new Promise((resolve) => worker.child.once('exit', resolve));
  worker.child.kill('SIGCONT');
  worker.child.kill('SIGTERM');
  let clean = true;
  const timer = setTimeout(() => {
    clean = false;
    worker.child.kill('SIGKILL');
  }, STOP_WITHIN_MS);
  await exited;
  clearTimeout(timer);
  return clean;
}
