import type { Stats } from 'node:fs';
import { errorMessage } from '../errors/codev-error.ts';
import { parseTranscript } from './parse-transcript.ts';
import { readTranscriptFile } from './read-transcript-file.ts';
import { scanTranscripts, type ScannedTranscript } from './scan-transcripts.ts';
import { readSummaryCache, writeSummaryCache, type CachedSummary } from './summary-cache.ts';
import { summarizeTranscript } from './summarize-transcript.ts';
import type { ListSessionsOptions, SessionSummary } from './types.ts';

/** How many transcripts a listing reads at once where its cache has nothing: enough to keep the disk busy. */
const READ_CONCURRENCY = 8;

/**
 * The sessions of a sessions folder, the most recently updated first: every `<id>.jsonl` is looked at
 * (lstat), and only those new or changed since the last listing (size, mtime or inode) are read and
 * parsed; the others come from the folder's summary cache, which is rewritten when anything changed.
 * A listing of 10,000 unchanged sessions reads one file. What is not a session (a FIFO, a link, a
 * directory, an empty, foreign, damaged or oversized file) is left out and passed to `onSkip` with why.
 */
export async function listFileSessions(options: { directory: string } & ListSessionsOptions): Promise<SessionSummary[]> {
  const { directory, onSkip } = options;
  const [scan, cache] = await Promise.all([scanTranscripts(directory), readSummaryCache(directory)]);
  for (const entry of scan.skipped) onSkip?.({ id: entry.id, reason: entry.reason });
  const next = new Map<string, CachedSummary>();
  let changed = false;
  let position = 0;
  const work = async () => {
    while (position < scan.transcripts.length) {
      const transcript = scan.transcripts[position++]!;
      const cached = cache.get(transcript.name);
      if (cached && sameFile(cached, transcript.stats)) {
        next.set(transcript.name, cached);
        continue;
      }
      changed = true;
      const entry = await summarizeFile(transcript);
      if (entry) next.set(transcript.name, entry);
    }
  };
  await Promise.all(Array.from({ length: READ_CONCURRENCY }, work));
  if (changed || next.size !== cache.size) await writeSummaryCache(directory, next);
  const summaries: SessionSummary[] = [];
  for (const [name, entry] of next) {
    if (entry.summary) summaries.push(entry.summary);
    else onSkip?.({ id: name.slice(0, -'.jsonl'.length), reason: entry.skipped ?? 'not a session' });
  }
  return summaries.sort((left, right) => right.updatedAt.localeCompare(left.updatedAt) || left.id.localeCompare(right.id));
}

function sameFile(cached: CachedSummary, stats: Stats): boolean {
  return cached.size === stats.size && cached.mtimeMs === stats.mtimeMs && cached.ino === stats.ino;
}

/** The cache line of one transcript, read now; undefined when it was removed meanwhile. */
async function summarizeFile(transcript: ScannedTranscript): Promise<CachedSummary | undefined> {
  const { file, stats } = transcript;
  try {
    const read = await readTranscriptFile(file);
    const identity = { size: read.size, mtimeMs: read.mtimeMs, ino: read.ino };
    try {
      return { ...identity, summary: summarizeTranscript(parseTranscript(read.text, { file }), new Date(read.mtimeMs).toISOString()) };
    } catch (error) {
      return { ...identity, skipped: errorMessage(error) };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino, skipped: errorMessage(error) };
  }
}
