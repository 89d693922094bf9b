import { Worker } from 'node:worker_threads';
import { CodevError } from '../errors/codev-error.ts';
import { finishedBefore, recordFinished } from './probe-verdicts.ts';

const WORKER_URL = new URL('./probe-import-worker.mjs', import.meta.url);
/** `import-module-once.ts` from source, `.js` from the built package: whichever sits beside this module. */
const IMPORT_ONCE_URL = new URL(`./import-module-once${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url).href;

/** Evaluates files in a worker thread of its own before the host imports them; see `createImportProbe`. */
export interface ImportProbe {
  /** Resolves once `file`'s import finished in the worker (thrown or not); rejects with `LOAD_TIMEOUT` naming the file when it did not within `timeoutMs`. */
  probe(options: { file: string; timeoutMs: number }): Promise<void>;
  /**
   * Terminates the worker, once the probes already asked for are done: what the files' top-level code left
   * running there (an endless `setInterval`) ends with it. A later probe starts a new worker.
   */
  close(): Promise<void>;
}

/**
 * A probe evaluates `file` in a worker thread and waits, at most `timeoutMs`, for its import to finish, so
 * that a file whose top-level code never ends (a loop, an `await` that never settles) is found without
 * being evaluated where it would freeze codev. Whether the import threw does not matter: the host's own
 * import reports real errors with their location. Each probe owns its worker (unref'd, so it never keeps
 * the process alive), started by its first probe and ended by `close()` (a kernel closes it after each
 * load), so the copies of a plugin's top-level code it ran never outlive their load; a probe that times out
 * terminates it, and the next probe starts a fresh one. Probes run one at a time. A file whose import
 * finished before, and whose files (it and its local imports) have not changed since, is not probed again
 * (`finishedBefore`): the cost is paid once per edit, not once per start.
 */
export function createImportProbe(): ImportProbe {
  let worker: ProbeWorker | undefined;
  let nextId = 0;
  // Probes wait their turn: a probe that times out takes the worker down with it, and must not take others.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => {});
    return run;
  };
  const forget = (stale: ProbeWorker): void => {
    if (worker === stale) worker = undefined;
  };

  async function probe(options: { file: string; timeoutMs: number }): Promise<void> {
    const current = (worker ??= startWorker(forget));
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
      if (current.exited) return onError();
      current.thread.on('message', onMessage);
      current.thread.on('error', onError);
      current.thread.on('exit', onError);
      current.thread.postMessage({ id, file: options.file });
    });
  }

  return {
    probe(options) {
      if (finishedBefore(options.file)) return Promise.resolve();
      return inTurn(() => probe(options));
    },
    close() {
      return inTurn(async () => {
        const current = worker;
        worker = undefined;
        await current?.thread.terminate();
      });
    },
  };
}

interface ProbeWorker {
  thread: Worker;
  /** Settles once the worker can take files (whether it started or failed to). */
  ready: Promise<void>;
  /** True once the thread ended (a crash, a file's code that threw in a timer, a terminate). */
  exited: boolean;
}

function startWorker(forget: (stale: ProbeWorker) => void): ProbeWorker {
  const thread = new Worker(WORKER_URL, { workerData: { importOnceUrl: IMPORT_ONCE_URL } });
  thread.unref();
  const ready = new Promise<void>((resolve) => {
    thread.once('message', () => resolve());
    thread.once('error', () => resolve());
    thread.once('exit', () => resolve());
  });
  const started: ProbeWorker = { thread, ready, exited: false };
  // A worker that ended between probes (a probed file's timer threw in it) is never sent another file.
  thread.once('exit', () => {
    started.exited = true;
    forget(started);
  });
  return started;
}

function timeoutError(options: { file: string; timeoutMs: number }): CodevError {
  return new CodevError('LOAD_TIMEOUT', `${options.file} did not finish importing within ${options.timeoutMs} ms, so codev did not load it`, {
    file: options.file,
    hint: 'look for top-level code that never ends: a loop, or an `await` that never settles (move slow work into setup() or into the tool call); CODEV_LOAD_TIMEOUT_MS sets the limit',
  });
}
