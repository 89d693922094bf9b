import { constants } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { journalTempFile } from '../files/temp-file-journal.ts';
import { tempPathFor } from '../files/temp-path.ts';
import { PRIVATE_FILE_MODE } from '../session/private-modes.ts';
import { readTranscriptFile } from './read-transcript-file.ts';
import type { SessionSummary } from './types.ts';

/**
 * The listing's cache in a sessions folder: each transcript's summary (or why it is not one), keyed by its
 * file name and valid while the file keeps its size, mtime and inode. A name no session id can have (ids
 * start with a letter or digit), so it never collides with a transcript or a session's folder.
 */
export const SUMMARY_CACHE_FILE = '.summaries.json';
/** 2: summaries carry cache tokens, cost and `pending` (a format-1 cache lacks them, so it is rebuilt). */
const FORMAT = 3;

/** A transcript's line of the cache, and the file identity it was read at. */
export interface CachedSummary {
  size: number;
  mtimeMs: number;
  ino: number;
  summary?: SessionSummary;
  /** Why the file is not a session (unreadable, empty, foreign): not read again until it changes. */
  skipped?: string;
}

/**
 * The cache of `directory`, empty when it is missing, damaged, of another format or not a regular file:
 * it is only ever a shortcut, rebuilt by the next listing. Read as a transcript is (no link, bounded).
 */
export async function readSummaryCache(directory: string): Promise<Map<string, CachedSummary>> {
  const entries = new Map<string, CachedSummary>();
  try {
    const parsed = JSON.parse((await readTranscriptFile(path.join(directory, SUMMARY_CACHE_FILE))).text) as { format?: unknown; sessions?: unknown };
    if (parsed?.format !== FORMAT || typeof parsed.sessions !== 'object' || parsed.sessions === null) return entries;
    for (const [name, entry] of Object.entries(parsed.sessions as Record<string, unknown>)) if (isCachedSummary(entry)) entries.set(name, entry);
  } catch {
    // No cache, or not one this codev wrote whole: every transcript is read again.
  }
  return entries;
}

/**
 * Replaces the cache with `entries`: written to a temp file (listed in the process's journal, so a kill
 * leaves no debris) and renamed over it, so a reader sees the old cache or the new one, whole. Two
 * listings at once each write a whole cache; the last rename wins, and what the other learned is read
 * again next time. The rename replaces whatever the name held (a link is replaced, never written through).
 * Never throws: a cache that cannot be written costs only speed.
 */
export async function writeSummaryCache(directory: string, entries: ReadonlyMap<string, CachedSummary>): Promise<void> {
  const target = path.join(directory, SUMMARY_CACHE_FILE);
  const temp = tempPathFor(target);
  const journaled = await journalTempFile(temp).catch(() => () => {});
  let created = false;
  try {
    const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), PRIVATE_FILE_MODE);
    created = true;
    try {
      await handle.writeFile(JSON.stringify({ format: FORMAT, sessions: Object.fromEntries(entries) }));
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    created = false;
  } catch {
    if (created) await unlink(temp).catch(() => {});
  } finally {
    journaled();
  }
}

function isCachedSummary(value: unknown): value is CachedSummary {
  const entry = value as Partial<CachedSummary> | null;
  if (typeof entry?.size !== 'number' || typeof entry.mtimeMs !== 'number' || typeof entry.ino !== 'number') return false;
  if (typeof entry.skipped === 'string') return true;
  const summary = entry.summary as Partial<SessionSummary> | undefined;
  if (!(typeof summary?.id === 'string' && typeof summary.updatedAt === 'string' && typeof summary.createdAt === 'string' && typeof summary.messages === 'number' && typeof summary.turns === 'number')) return false;
  const optionalNumber = (field: unknown) => field === undefined || typeof field === 'number';
  return optionalNumber(summary.cacheReadInputTokens) && optionalNumber(summary.cacheCreationInputTokens) && (summary.costUsd === null || optionalNumber(summary.costUsd)) && (summary.pending === undefined || typeof summary.pending === 'boolean');
}
