import { constants, type Stats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { formatBytes } from '../files/format-bytes.ts';
import { nonRegularFileType, openRegularFile, type NonRegularFileType } from '../files/open-regular-file.ts';

/**
 * The largest transcript codev reads: far above any session it writes (compaction keeps conversations
 * short; large tool results live beside the transcript), and below V8's longest string (512 MiB), past
 * which a read could only fail. A larger file is refused with its size, never read into memory.
 */
export const MAX_TRANSCRIPT_BYTES = 256 * 1024 * 1024;

/**
 * The flags of a transcript opened for appending (and reading its last byte), with the refusals of a read
 * (`openTranscriptFile`). O_NOFOLLOW: a transcript is a file of the sessions folder itself, never a link to
 * somewhere else (a link to /dev/zero reads forever). O_NONBLOCK: opening a FIFO never waits. O_NOCTTY: a
 * terminal is never made ours. Windows has none of these: its constants are undefined there.
 */
export const APPEND_FLAGS = constants.O_RDWR | constants.O_APPEND | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/** What was read, and the identity (fstat of the handle read) it was read at. */
export interface TranscriptFileRead {
  text: string;
  size: number;
  mtimeMs: number;
  ino: number;
}

/** Why the entry at `file` is not a transcript this codev reads, from its lstat (undefined for a regular file). */
export function notTranscriptReason(stats: Stats): string | undefined {
  return stats.isFile() ? undefined : reasonOf(nonRegularFileType(stats));
}

function reasonOf(type: NonRegularFileType): string {
  return type === 'symbolic link' ? 'a symbolic link: transcripts are read only as regular files of the sessions folder' : `a ${type}, not a regular file`;
}

/** The `SESSION_UNSUPPORTED` error for a transcript path that holds something else (or too much). */
export function notTranscriptError(file: string, reason: string, hint = `remove it from ${path.dirname(file)} (it is not a session codev wrote)`): CodevError {
  return new CodevError('SESSION_UNSUPPORTED', `${file} is not a transcript codev reads: ${reason}`, { file, hint });
}

/**
 * Maps the errors of opening something that is not a regular file for appending (`APPEND_FLAGS`: a link
 * under O_NOFOLLOW, a FIFO without a reader under O_NONBLOCK, a directory) to `SESSION_UNSUPPORTED`;
 * others are returned as they are.
 */
export function openFailure(file: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP' || code === 'EMLINK') return notTranscriptError(file, reasonOf('symbolic link'));
  if (code === 'EISDIR') return notTranscriptError(file, reasonOf('directory'));
  if (code === 'ENXIO' || code === 'EOPNOTSUPP') return notTranscriptError(file, 'a FIFO or socket, not a regular file');
  return error;
}

/**
 * Opens a transcript for reading only if it is a regular file of its own (no link, FIFO, device, socket or
 * directory), without ever blocking (`openRegularFile`, links not followed). ENOENT is thrown as `open`
 * throws it; every other refusal is `SESSION_UNSUPPORTED`. The caller closes the handle.
 */
export async function openTranscriptFile(file: string): Promise<{ handle: FileHandle; stats: Stats }> {
  const opened = await openRegularFile(file, { followLinks: false });
  if (!opened.ok) throw notTranscriptError(file, reasonOf(opened.type));
  return opened;
}

/**
 * Reads a whole transcript: a regular file (see `openTranscriptFile`) of at most `MAX_TRANSCRIPT_BYTES`, and
 * only the bytes fstat counted when it was opened, so a file that grows meanwhile (a live writer) is read
 * as it stood, and nothing is ever read until an EOF that does not come.
 */
export async function readTranscriptFile(file: string): Promise<TranscriptFileRead> {
  const { handle, stats } = await openTranscriptFile(file);
  try {
    if (stats.size > MAX_TRANSCRIPT_BYTES) {
      throw notTranscriptError(file, `${formatBytes(stats.size)}, more than the ${formatBytes(MAX_TRANSCRIPT_BYTES)} codev reads`, `move it out of ${path.dirname(file)}; it is JSON Lines, so its first line and its latest lines can be kept with head and tail`);
    }
    const buffer = Buffer.allocUnsafe(stats.size);
    let length = 0;
    while (length < stats.size) {
      const { bytesRead } = await handle.read(buffer, length, stats.size - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return { text: buffer.toString('utf8', 0, length), size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino };
  } finally {
    await handle.close();
  }
}

/** The first line of a transcript (its metadata), read alone: at most `limit` bytes, from a regular file only. */
export async function readTranscriptFirstLine(file: string, limit = 64 * 1024): Promise<string> {
  const { handle, stats } = await openTranscriptFile(file);
  try {
    const buffer = Buffer.allocUnsafe(Math.min(limit, stats.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.toString('utf8', 0, bytesRead);
    const end = text.indexOf('\n');
    return end === -1 ? text : text.slice(0, end + 1);
  } finally {
    await handle.close();
  }
}
