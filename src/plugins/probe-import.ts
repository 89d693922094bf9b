import { Worker } from 'node:worker_threads';
import { CodevError } from '../errors/codev-error.ts';
import { finishedBefore, recordFinished } from './probe-verdicts.ts';

const WORKER_URL = new URL('./probe-import-worker.mjs', import.meta.url);
/** `import-module-once.ts` from source, `.js` from the built package: whichever sits beside this module. */
const IMPORT_ONCE_URL = new URL(`./import-module-once${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url).href;

let worker: ProbeWorker | undefined;
let nextId = 0;
/** Probes wait their turn: a probe that times out takes the worker down with it, and must not take others. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Evaluates `file` in a worker thread and waits, at most `timeoutMs`, for its import to finish, so that a
 * file whose top-level code never ends (a loop, an `await` that never settles) is found without being
 * evaluated where it would freeze codev. Whether the import threw does not matter: the host's own import
 * reports real errors with their location. One worker serves the process (unref'd, so it never keeps it
 * alive); a probe that times out terminates it, and the next probe starts a fresh one. A file whose import
 * finished before, and whose files (it and its local imports) have not changed since, is not probed again
 * (`finishedBefore`): the cost is paid once per edit, not once per start.
 *
 * Rejects with `LOAD_TIMEOUT` naming the file.
 */
export function probeImport(options: { file: string; timeoutMs: number }): Promise<void> {
  if (finishedBefore(options.file)) return Promise.resolve();
  const run = queue.then(() => probe(options));
  queue = run.catch(() => {});
  return run;
}

async function probe(options: { file: string; timeoutMs: number }): Promise<void> {
  const current = (worker ??= startWorker());
  // The budget is the file's: a worker starting up (jiti's own load) does not spend it.
  await current.ready;
  const id = ++nextId;
  return new Promise<void>((resolve, reject) => {
    const finish = (error?: CodevError): void => {
      clearTimeout(timer);
      current.thread.off('message', onMessage);
      current.thread.off('error', onError);
      current.thread.off('exit', onError);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (message: { id?: number; files?: string[] }): void => {
      if (message.id !== id) return;
      recordFinished(options.file, message.files ?? []);
      finish();
    };
    // A worker that crashed (out of memory, say) proves nothing either way: the host's import decides.
    const onError = (): void => {
      forget(current);
      finish();
    };
    const timer = setTimeout(() => {
      forget(current);
      void current.thread.terminate();
      finish(timeoutError(options));
    }, options.timeoutMs);
    current.thread.on('message', onMessage);
    current.thread.on('error', onError);
    current.thread.on('exit', onError);
    current.thread.postMessage({ id, file: options.file });
  });
}

interface ProbeWorker {
  thread: Worker;
  /** Settles once the worker can take files (whether it started or failed to). */
  ready: Promise<void>;
}

function startWorker(): ProbeWorker {
  const thread = new Worker(WORKER_URL, { workerData: { importOnceUrl: IMPORT_ONCE_URL } });
  thread.unref();
  const ready = new Promise<void>((resolve) => {
    thread.once('message', () => resolve());
    thread.once('error', () => resolve());
    thread.once('exit', () => resolve());
  });
  return { thread, ready };
}

function forget(stale: ProbeWorker): void {
  if (worker === stale) worker = undefined;
}

function timeoutError(options: { file: string; timeoutMs: number }): CodevError {
  return new CodevError('LOAD_TIMEOUT', `${options.file} did not finish importing within ${options.timeoutMs} ms, so codev did not load it`, {
    file: options.file,
    hint: 'look for top-level code that never ends: a loop, or an `await` that never settles (move slow work into setup() or into the tool call); CODEV_LOAD_TIMEOUT_MS sets the limit',
  });
}
