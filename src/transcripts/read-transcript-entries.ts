import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { formatBytes } from '../files/format-bytes.ts';
import { parseEntryLines, type NumberedLine } from './parse-entry-lines.ts';
import { sessionMetadataOf } from './parse-transcript.ts';
import { notTranscriptError, openTranscriptFile } from './read-transcript-file.ts';
import type { TranscriptEntries, TranscriptProblem } from './types.ts';

/** The most one read takes from a transcript; a longer rest is read by the next call (from `next`). */
export const MAX_ENTRIES_READ_BYTES = 32 * 1024 * 1024;
/** The longest first line (the metadata) read. */
const MAX_FIRST_LINE_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

/**
 * Every entry of a transcript file from byte `from` (0, or the `next` of an earlier read), as written:
 * 1. opens it as `readTranscriptFile` does (a regular file of its own: no link, FIFO or device; ENOENT as
 *    thrown) and takes its size once, so a writer appending meanwhile is read up to that size only;
 * 2. a `from` past the end, or not at the start of a line (the file was replaced or cut), starts again at 0
 *    and says so (`reset`);
 * 3. reads at most `MAX_ENTRIES_READ_BYTES` (the rest is for the next call); a last line without its newline
 *    is not read (being written, or torn: the next read finds it whole, or the line after it);
 * 4. the metadata is read from the first line whatever `from` is; damaged lines are reported with their
 *    numbers (counted from the file's start only when there is one to report).
 * `SESSION_UNSUPPORTED` for a file that is not a transcript, or a line longer than a read.
 */
export async function readTranscriptEntries(options: { file: string; from?: number; /** Tests: a lower bound than `MAX_ENTRIES_READ_BYTES`. */ maxBytes?: number }): Promise<TranscriptEntries> {
  const { file } = options;
  const maxBytes = options.maxBytes ?? MAX_ENTRIES_READ_BYTES;
  const { handle, stats } = await openTranscriptFile(file);
  try {
    const size = stats.size;
    const firstLine = await readFirstLine(handle, size, file);
    const metadata = sessionMetadataOf(parseLine(firstLine.text, file), file);
    const asked = options.from ?? 0;
    const valid = Number.isSafeInteger(asked) && asked >= 0 && asked <= size && (asked === 0 || asked >= firstLine.end) && (asked === 0 || (await byteAt(handle, asked - 1)) === NEWLINE);
    const from = valid && asked > 0 ? asked : firstLine.end;
    const length = Math.min(size - from, maxBytes);
    const buffer = await readRange(handle, from, length);
    const lastNewline = buffer.lastIndexOf(NEWLINE);
    if (lastNewline === -1 && length === maxBytes) {
      throw notTranscriptError(file, `a line longer than the ${formatBytes(maxBytes)} codev reads at once, at byte ${from}`, `move it out of ${path.dirname(file)}`);
    }
    const whole = lastNewline + 1;
    const lines: NumberedLine[] = [];
    for (let start = 0; start < whole; ) {
      const end = buffer.indexOf(NEWLINE, start);
      lines.push({ text: buffer.toString('utf8', start, end), number: lines.length });
      start = end + 1;
    }
    const { entries, problems } = parseEntryLines(lines);
    if (problems.length > 0) await numberFromFileStart(problems, { handle, from, firstLineEnd: firstLine.end });
    const read: TranscriptEntries = { metadata, entries, next: from + whole, problems };
    if (!valid) read.reset = true;
    return read;
  } finally {
    await handle.close();
  }
}

function parseLine(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CodevError('SESSION_UNSUPPORTED', `${file} does not start with a session line`, { file, line: 1, hint: 'the file is not a codev transcript, or its first line was edited: delete or restore it' });
  }
}

/** The first line and where the second starts; a first line not yet whole (being written) reads as no session. */
async function readFirstLine(handle: FileHandle, size: number, file: string): Promise<{ text: string; end: number }> {
  const buffer = await readRange(handle, 0, Math.min(size, MAX_FIRST_LINE_BYTES));
  const newline = buffer.indexOf(NEWLINE);
  if (newline === -1) throw new CodevError('SESSION_UNSUPPORTED', `${file} holds no whole session line`, { file, line: 1, hint: 'an empty or foreign file, or one being created: try again' });
  return { text: buffer.toString('utf8', 0, newline), end: newline + 1 };
}

async function readRange(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.subarray(0, read);
}

async function byteAt(handle: FileHandle, position: number): Promise<number | undefined> {
  const buffer = await readRange(handle, position, 1);
  return buffer.length === 1 ? buffer[0] : undefined;
}

/** Turns the problems' line numbers, counted from `from` (0-based), into the file's (1-based): the lines before `from` are counted in bounded pieces. */
async function numberFromFileStart(problems: TranscriptProblem[], options: { handle: FileHandle; from: number; firstLineEnd: number }): Promise<void> {
  let before = 1;
  for (let position = options.firstLineEnd; position < options.from; position += MAX_ENTRIES_READ_BYTES) {
    const piece = await readRange(options.handle, position, Math.min(MAX_ENTRIES_READ_BYTES, options.from - position));
    for (let index = piece.indexOf(NEWLINE); index !== -1; index = piece.indexOf(NEWLINE, index + 1)) before++;
  }
  for (const problem of problems) problem.line += before + 1;
}
