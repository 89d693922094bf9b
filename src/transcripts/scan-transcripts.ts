import type { Stats } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { lstatIfPresent } from '../files/lstat-if-present.ts';
import { notTranscriptReason } from './read-transcript-file.ts';

const SUFFIX = '.jsonl';
/** lstat calls made in one go before other work gets a turn (about 5 ms of a busy machine's time). */
const LSTAT_BATCH = 500;

/** A `<id>.jsonl` regular file of a sessions folder, with its lstat. */
export interface ScannedTranscript {
  id: string;
  /** The file name, `<id>.jsonl`. */
  name: string;
  file: string;
  stats: Stats;
}

/** What `scanTranscripts` found: the transcripts, and the entries named like one that are something else. */
export interface TranscriptScan {
  /** The most recently written first (then by id). */
  transcripts: ScannedTranscript[];
  skipped: { id: string; name: string; reason: string }[];
}

/**
 * The `<id>.jsonl` entries of `directory` whose id starts with `prefix` (all without one), each with its
 * lstat: nothing is opened, so a FIFO, a link or a directory is only named (`skipped`), never read. An
 * entry removed meanwhile is left out; a missing folder has none.
 */
export async function scanTranscripts(directory: string, prefix = ''): Promise<TranscriptScan> {
  const scan: TranscriptScan = { transcripts: [], skipped: [] };
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith(SUFFIX) && name.length > SUFFIX.length && name.startsWith(prefix));
  } catch {
    return scan;
  }
  // Synchronous, in batches: an lstat is a few µs, against tens of µs for a trip through the thread pool,
  // which made 10,000 of them take most of a listing's time.
  for (let start = 0; start < names.length; start += LSTAT_BATCH) {
    if (start > 0) await nextTurn();
    for (const name of names.slice(start, start + LSTAT_BATCH)) {
      const file = path.join(directory, name);
      const found = lstatIfPresent(file);
      if (!found) continue;
      const id = name.slice(0, -SUFFIX.length);
      const reason = notTranscriptReason(found);
      if (reason) scan.skipped.push({ id, name, reason });
      else scan.transcripts.push({ id, name, file, stats: found });
    }
  }
  scan.transcripts.sort((left, right) => right.stats.mtimeMs - left.stats.mtimeMs || left.id.localeCompare(right.id));
  return scan;
}
