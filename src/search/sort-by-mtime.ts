import { statSync } from 'node:fs';

/** Files stat'ed between two yields to the event loop: about 4 ms of work on a warm cache. */
const CHUNK = 1_000;

/**
 * Stats the files and returns them newest first; equal times are ordered by path so the result is stable.
 * Files that vanished meanwhile are dropped. Synchronous stats in chunks, yielding to the event loop
 * between them: on a warm cache a `statSync` costs a few microseconds, about five times less than a
 * promise `stat` through the thread pool, and Glob and Grep stat thousands of files.
 */
export async function sortByModifiedTime(files: readonly string[], signal?: AbortSignal): Promise<string[]> {
  const entries: { file: string; time: number }[] = [];
  for (let start = 0; start < files.length; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    signal?.throwIfAborted();
    for (const file of files.slice(start, start + CHUNK)) {
      try {
        const stats = statSync(file, { throwIfNoEntry: false });
        if (stats) entries.push({ file, time: stats.mtimeMs });
      } catch {
        // Unreadable (a permission error, a path component that is now a file): treated as vanished.
      }
    }
  }
  return entries.sort((a, b) => b.time - a.time || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)).map((entry) => entry.file);
}
