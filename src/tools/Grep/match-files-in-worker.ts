import { Worker } from 'node:worker_threads';
import type { MatchOptions } from './match-file.ts';
import type { FileHits } from './types.ts';

const WORKER_URL = new URL('./match-files-worker.mjs', import.meta.url);
/** `match-file.ts` from source, `match-file.js` from the built package: whichever sits beside this module. */
const MATCH_FILE_URL = new URL(`./match-file${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url).href;

/**
 * Matches `files` in a worker thread of their own, so that no pattern can block codev's event loop. The
 * worker is terminated on abort (rejecting with the signal's reason), and after `timeoutMs`, when the
 * files matched so far are returned with `timedOut`.
 */
export function matchFilesInWorker(options: { files: readonly string[]; match: MatchOptions; signal?: AbortSignal; timeoutMs: number }): Promise<{ hits: FileHits[]; timedOut: boolean }> {
  const { signal } = options;
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  if (options.files.length === 0) return Promise.resolve({ hits: [], timedOut: false });
  return new Promise((resolve, reject) => {
    const hits: FileHits[] = [];
    const worker = new Worker(WORKER_URL, { workerData: { matchFileUrl: MATCH_FILE_URL } });
    const finish = (outcome: { timedOut: boolean } | { error: unknown }): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      worker.removeAllListeners();
      void worker.terminate();
      if ('error' in outcome) reject(outcome.error);
      else resolve({ hits, timedOut: outcome.timedOut });
    };
    const onAbort = (): void => finish({ error: abortReason(signal!) });
    const timer = setTimeout(() => finish({ timedOut: true }), options.timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (message: { hits?: FileHits; done?: true }) => {
      if (message.hits) hits.push(message.hits);
      if (message.done) finish({ timedOut: false });
    });
    worker.on('error', (error) => finish({ error }));
    worker.on('exit', () => finish({ error: new Error('The search worker stopped before it finished') }));
    worker.postMessage({ files: options.files, match: options.match });
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('The search was aborted');
}
