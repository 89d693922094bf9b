import { lstatSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A file the probe's import read, as it was then. */
interface ReadFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** How many files keep a verdict: the cache is small, and the oldest verdicts go first. */
const MAX_VERDICTS = 500;

const cacheFile = (): string => path.join(os.tmpdir(), `codev-import-probes-${process.getuid?.() ?? 'user'}.json`);
let verdicts: Map<string, ReadFile[]> | undefined;

/**
 * True when `file` was probed before (by this process or an earlier one) and finished, and none of the
 * files that import read (the file and its local imports) has changed since: its import need not be
 * evaluated in the worker again. A cache in the temp folder, this user's only; a cache that cannot be read
 * only means probing again.
 */
export function finishedBefore(file: string): boolean {
  const files = load().get(file);
  return files !== undefined && files.every((entry) => unchanged(entry));
}

/** Records that the import of `file` finished, having read `files`. */
export function recordFinished(file: string, files: readonly string[]): void {
  const entries: ReadFile[] = [];
  for (const read of new Set([file, ...files])) {
    try {
      const stats = statSync(read);
      entries.push({ path: read, size: stats.size, mtimeMs: stats.mtimeMs });
    } catch {
      return; // a file gone meanwhile: no verdict to keep
    }
  }
  const cache = load();
  cache.delete(file);
  cache.set(file, entries);
  for (const oldest of cache.keys()) {
    if (cache.size <= MAX_VERDICTS) break;
    cache.delete(oldest);
  }
  save(cache);
}

function unchanged(entry: ReadFile): boolean {
  try {
    const stats = statSync(entry.path);
    return stats.size === entry.size && stats.mtimeMs === entry.mtimeMs;
  } catch {
    return false;
  }
}

function load(): Map<string, ReadFile[]> {
  if (verdicts) return verdicts;
  verdicts = new Map();
  try {
    // Only a cache this user wrote: another user could otherwise vouch for a file that loops.
    if (lstatSync(cacheFile()).uid !== process.getuid?.()) return verdicts;
    const stored = JSON.parse(readFileSync(cacheFile(), 'utf8')) as Record<string, ReadFile[]>;
    for (const [file, files] of Object.entries(stored)) if (Array.isArray(files)) verdicts.set(file, files);
  } catch {
    // None yet, or unreadable: probe again.
  }
  return verdicts;
}

function save(cache: Map<string, ReadFile[]>): void {
  const temp = `${cacheFile()}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, JSON.stringify(Object.fromEntries(cache)), { mode: 0o600 });
    renameSync(temp, cacheFile());
  } catch {
    // A cache that cannot be written only means probing again next time.
  }
}
