/** Test-only: a real `codev worker` process on a real Redis, resolved once it says it is ready. */
import { startCodevProcess, type CodevProcess } from '../../cli/start-codev-process.ts';

/** Where a `codev worker` runs and what it is told. */
export interface CodevWorkerOptions {
  /** `--redis <url>`; left out when the environment names Redis (CODEV_REDIS_URL). */
  redisUrl?: string;
  queue: string;
  /** Its working directory. */
  cwd: string;
  /** Flags after `--queue` (lock settings, workspace root, scripts...). */
  args?: readonly string[];
  /** The fake Messages server's URL: sets the model's key (`test-key`), URL and no retries. */
  modelUrl?: string;
  /** More environment (over the model's); PATH, an empty HOME and CODEV_FROM_SOURCE are always set. */
  env?: Record<string, string | undefined>;
  /** What it prints when ready; `codev worker: ready` unless told. */
  ready?: RegExp;
  /** Bounds the wait for `ready`; the worker's stderr is in the error. */
  timeoutMs?: number;
}

/**
 * Starts `codev worker` and resolves once its stderr says it is ready; rejects with its stderr when it exits
 * first or is not ready within `timeoutMs`. The process is killed by `killCodevProcesses()` (or its `stop`).
 */
export async function startCodevWorker(options: CodevWorkerOptions): Promise<CodevProcess> {
  const redis = options.redisUrl === undefined ? [] : ['--redis', options.redisUrl];
  const model = options.modelUrl === undefined ? {} : { ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_BASE_URL: options.modelUrl, CODEV_MAX_RETRIES: '0' };
  const worker = startCodevProcess({ args: ['worker', ...redis, '--queue', options.queue, ...(options.args ?? [])], cwd: options.cwd, env: { ...model, ...options.env } });
  await worker.waitForStderr({ pattern: options.ready ?? /codev worker: ready/, timeoutMs: options.timeoutMs ?? 30_000 });
  return worker;
}
