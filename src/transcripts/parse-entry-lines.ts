import { nestsDeeperThan } from './json-nesting-depth.ts';
import { isTranscriptEntry } from './parse-transcript.ts';
import { isKnownRecord, isRecordEntry, isWholeRecord } from './record-entries.ts';
import type { TranscriptEntry, TranscriptProblem } from './types.ts';

/** Deeper than any entry codev writes (a call's input is a model's JSON): a deeper line is damaged, its value could not be walked. */
export const MAX_ENTRY_DEPTH = 512;

/** One whole line of a transcript after its first, with its 1-based number (0 when the store cannot tell). */
export interface NumberedLine {
  text: string;
  number: number;
}

/**
 * The entries of whole lines, as written (history before compactions included): a line that is not an entry
 * this codev reads is skipped and reported `invalid` with its number; a record of a kind this codev does not
 * know (a later codev's) is skipped silently; a line nested deeper than `MAX_ENTRY_DEPTH` is skipped and
 * reported (whatever walks its value would overflow the stack); blank lines (a torn line's closing newline) are skipped.
 */
export function parseEntryLines(lines: Iterable<NumberedLine>): { entries: TranscriptEntry[]; problems: TranscriptProblem[] } {
  const entries: TranscriptEntry[] = [];
  const problems: TranscriptProblem[] = [];
  for (const { text, number } of lines) {
    if (text.trim() === '') continue;
    if (nestsDeeperThan(text, MAX_ENTRY_DEPTH)) {
      problems.push({ line: number, kind: 'invalid', message: `nested deeper than the ${MAX_ENTRY_DEPTH} levels codev reads: not a line codev wrote` });
      continue;
    }
    let entry: unknown;
    try {
      entry = JSON.parse(text);
    } catch (error) {
      problems.push({ line: number, kind: 'invalid', message: `not a whole JSON line: cut short when codev stopped while writing it, or edited by hand (${(error as Error).message})` });
      continue;
    }
    if (isRecordEntry(entry)) {
      if (!isKnownRecord(entry)) continue;
      if (isWholeRecord(entry.record)) entries.push(entry);
      else problems.push({ line: number, kind: 'invalid', message: `a ${entry.record.kind} record without the fields codev writes` });
    } else if (isTranscriptEntry(entry)) entries.push(entry);
    else problems.push({ line: number, kind: 'invalid', message: 'not a transcript entry this codev knows' });
  }
  return { entries, problems };
}
