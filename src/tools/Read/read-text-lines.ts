import type { FileHandle } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { readUpTo } from '../../files/read-up-to.ts';
import { formatNumberedLine, truncateLine } from './format-numbered-lines.ts';

/** Files larger than this are not scanned to the end just to count their lines. */
const MAX_COUNTED_BYTES = 64 * 1024 * 1024;

export interface TextLines {
  /** The numbered lines collected, in order. */
  lines: string[];
  /** The number of the first line collected (the requested start, even when nothing was collected). */
  startLine: number;
  /** Lines in the file; undefined when the file is too large to count. */
  totalLines: number | undefined;
  /** Some collected line was cut at MAX_LINE_LENGTH. */
  anyLineTruncated: boolean;
  /** The char budget stopped collection before `maxLines` (or the end) was reached. */
  stoppedByBudget: boolean;
  /** The characters of every requested line, formatted, counted even past the budget. */
  requestedChars: number;
}

/**
 * The most bytes read of a file: its size when opened, and at least MAX_COUNTED_BYTES (a file in /proc
 * says it is empty). A file that grows while it is read is read no further than this.
 */
function byteLimit(size: number): number {
  return Math.max(size, MAX_COUNTED_BYTES);
}

/**
 * Streams an open text file and collects up to `maxLines` numbered lines from `startLine` (1-based), stopping
 * once the formatted text would pass `charBudget` (always at least one line). Handles UTF-8 and UTF-16LE
 * or UTF-16BE (by BOM); strips the BOM; `\r\n` counts as one break.
 */
export async function readTextLines(options: { handle: FileHandle; size: number; startLine: number; maxLines: number; charBudget: number }): Promise<TextLines> {
  const { handle, startLine, maxLines, charBudget } = options;
  const stream = await openTextStream(handle, byteLimit(options.size));
  const reader = createInterface({ input: stream, crlfDelay: Infinity });
  const countAll = options.size <= MAX_COUNTED_BYTES;
  const lastLine = startLine + maxLines - 1;
  const lines: string[] = [];
  let lineNumber = 0;
  let chars = 0;
  let requestedChars = 0;
  let anyLineTruncated = false;
  let stoppedByBudget = false;
  let reachedEnd = true;
  try {
    for await (const raw of reader) {
      lineNumber++;
      if (lineNumber < startLine) continue;
      if (lineNumber > lastLine) {
        if (countAll) continue;
        reachedEnd = false;
        break;
      }
      const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      const { text, truncated } = truncateLine(line);
      const formatted = formatNumberedLine(lineNumber, text);
      const cost = formatted.length + 1;
      requestedChars += cost;
      if (stoppedByBudget) continue;
      if (lines.length > 0 && chars + cost > charBudget) {
        stoppedByBudget = true;
        continue;
      }
      lines.push(formatted);
      chars += cost;
      anyLineTruncated ||= truncated;
    }
  } finally {
    reader.close();
    stream.destroy();
  }
  return { lines, startLine, totalLines: reachedEnd ? lineNumber : undefined, anyLineTruncated, stoppedByBudget, requestedChars };
}

/** A stream of the file's text (the handle stays open): UTF-16LE by BOM, UTF-16BE by BOM (decoded whole; rare), else UTF-8. */
async function openTextStream(handle: FileHandle, limit: number): Promise<Readable> {
  const buffer = Buffer.alloc(2);
  const { bytesRead } = await handle.read(buffer, 0, 2, 0);
  const bom = buffer.subarray(0, bytesRead);
  const range = { start: 0, end: limit - 1, autoClose: false };
  if (bom[0] === 0xff && bom[1] === 0xfe) return handle.createReadStream({ ...range, encoding: 'utf16le' });
  if (bom[0] === 0xfe && bom[1] === 0xff) {
    const body = Buffer.from(await readUpTo(handle, limit));
    const even = body.subarray(0, body.length - (body.length % 2));
    even.swap16();
    return Readable.from([even.toString('utf16le')]);
  }
  return handle.createReadStream({ ...range, encoding: 'utf8' });
}
