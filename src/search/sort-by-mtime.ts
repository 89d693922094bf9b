import { stat } from 'node:fs/promises';

/**
 * Stats the files (64 at a time) and returns them newest first; equal times are ordered by path so the
 * result is stable. Files that vanished meanwhile are dropped.
 */
export async function sortByModifiedTime(files: readonly string[]): Promise<string[]> {
  const times = new Array<number>(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      try {
        times[index] = (await stat(files[index]!)).mtimeMs;
      } catch {
        times[index] = Number.NaN;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(64, files.length) }, worker));
  return files
    .map((file, index) => ({ file, time: times[index]! }))
    .filter((entry) => !Number.isNaN(entry.time))
    .sort((a, b) => b.time - a.time || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0))
    .map((entry) => entry.file);
}
