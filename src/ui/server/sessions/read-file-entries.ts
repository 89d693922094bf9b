import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../../../errors/codev-error.ts';
import { MAX_TRANSCRIPT_BYTES, openTranscriptFile, readTranscriptFirstLine } from '../../../transcripts/read-transcript-file.ts';
import type { SessionMetadata, TranscriptEntries, TranscriptEntry, TranscriptProblem } from '../../../transcripts/types.ts';

const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * `readEntries` of a file store, for a store that does not have it (the file store before it did): the
 * whole lines of `<directory>/<id>.jsonl` from byte `from`, read as a transcript is (a regular file of the
 * folder, up to the size fstat gave). A `from` that is not the end of a line of this file (it was replaced or
 * cut) reads from the start and answers `reset: true`, as the stores' `readEntries` do.
 */
export async function readFileEntries(options: { directory: string; id: string; from?: number }): Promise<TranscriptEntries & { reset?: true }> {
  const { directory, id } = options;
  let from = options.from ?? 0;
  let reset = false;
  if (!SESSION_ID.test(id)) throw new CodevError('SESSION_NOT_FOUND', `"${id}" is not a session id`);
  const file = path.join(directory, `${id}.jsonl`);
  let opened: Awaited<ReturnType<typeof openTranscriptFile>>;
  try {
    opened = await openTranscriptFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new CodevError('SESSION_NOT_FOUND', `No session ${id} in ${directory}`);
    throw error;
  }
  const { handle, stats } = opened;
  let text: string;
  try {
    if (stats.size > MAX_TRANSCRIPT_BYTES) throw new CodevError('SESSION_UNSUPPORTED', `${file} is larger than codev reads`, { file });
    if (from > 0 && (from > stats.size || !(await endsLine(handle, from)))) {
      // Not a position of this file (it was replaced or cut): read from the start, and say so.
      from = 0;
      reset = true;
    }
    const buffer = Buffer.allocUnsafe(stats.size - from);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, from + length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    const end = buffer.subarray(0, length).lastIndexOf(0x0a) + 1;
    text = buffer.toString('utf8', 0, end);
  } finally {
    await handle.close();
  }
  const lines = text.split('\n');
  lines.pop();
  let metadata: SessionMetadata | undefined;
  if (from === 0) metadata = metadataOf(lines.shift() ?? '', file);
  else metadata = metadataOf(await readTranscriptFirstLine(file), file);
  const entries: TranscriptEntry[] = [];
  const problems: TranscriptProblem[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    try {
      const entry = JSON.parse(line) as TranscriptEntry;
      if (typeof entry?.type === 'string') entries.push(entry);
      else problems.push({ line: from === 0 ? index + 2 : 0, kind: 'invalid', message: 'not a transcript entry' });
    } catch (error) {
      problems.push({ line: from === 0 ? index + 2 : 0, kind: 'invalid', message: `not a whole JSON line (${(error as Error).message})` });
    }
  });
  return { metadata, entries, next: from + Buffer.byteLength(text), problems, ...(reset && { reset: true }) };
}

function metadataOf(line: string, file: string): SessionMetadata {
  try {
    const entry = JSON.parse(line) as { type?: unknown; metadata?: SessionMetadata };
    if (entry?.type === 'session' && typeof entry.metadata?.id === 'string') return entry.metadata;
  } catch {
    // Reported below.
  }
  throw new CodevError('SESSION_UNSUPPORTED', `${file} does not start with a session line`, { file });
}

/** Whether the byte before `position` ends a line. */
async function endsLine(handle: FileHandle, position: number): Promise<boolean> {
  const byte = Buffer.alloc(1);
  const { bytesRead } = await handle.read(byte, 0, 1, position - 1);
  return bytesRead === 1 && byte[0] === 0x0a;
}
