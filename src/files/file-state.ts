import path from 'node:path';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { getSessionState } from '../session/get-session-state.ts';
import type { FileReadRecord } from '../session/types.ts';

export const NOT_READ_MESSAGE = 'File has not been read yet. Read it first before writing to it.';
export const MODIFIED_SINCE_READ_MESSAGE =
  'File has been modified since read, either by the user or by a linter. Read it again before attempting to write it.';

/** Why a write to an existing file may not go ahead: never fully read, or changed on disk since. */
export type FileStateProblem = 'not-read' | 'modified';

/** The session's read record of a file: under the path as given, or under its real path. */
export function findReadRecord(context: { sessionDirectory: string }, filePath: string, realPath?: string): FileReadRecord | undefined {
  const reads = getSessionState(context).fileReads;
  return reads.get(path.resolve(filePath)) ?? (realPath ? reads.get(realPath) : undefined);
}

/**
 * Checks that the session saw the whole file as it is now: a full (not partial) read whose mtime and
 * size still match the file on disk.
 */
export function checkFileState(
  context: { sessionDirectory: string },
  filePath: string,
  current: Pick<Stats, 'mtimeMs' | 'size'>,
  realPath?: string,
): FileStateProblem | undefined {
  const record = findReadRecord(context, filePath, realPath);
  if (!record || record.partial) return 'not-read';
  if (record.mtimeMs !== current.mtimeMs || record.size !== current.size) return 'modified';
  return undefined;
}

export function fileStateMessage(problem: FileStateProblem): string {
  return problem === 'not-read' ? NOT_READ_MESSAGE : MODIFIED_SINCE_READ_MESSAGE;
}

/** After a successful write: the session now knows the whole file as written, so the next edit may go ahead. */
export function recordFileWrite(
  context: { sessionDirectory: string },
  filePath: string,
  written: Pick<Stats, 'mtimeMs' | 'size'>,
  realPath?: string,
): void {
  const reads = getSessionState(context).fileReads;
  const now = Date.now();
  const absolute = path.resolve(filePath);
  reads.set(absolute, { path: absolute, mtimeMs: written.mtimeMs, size: written.size, partial: false, readAt: now });
  if (realPath && realPath !== absolute && reads.has(realPath)) {
    reads.set(realPath, { path: realPath, mtimeMs: written.mtimeMs, size: written.size, partial: false, readAt: now });
  }
}

/** Records a read of the file as it is on disk now (what the Read tool does; tests use it to simulate one). */
export async function recordFileRead(context: { sessionDirectory: string }, filePath: string, options: { partial?: boolean } = {}): Promise<void> {
  const stats = await stat(filePath);
  const absolute = path.resolve(filePath);
  getSessionState(context).fileReads.set(absolute, { path: absolute, mtimeMs: stats.mtimeMs, size: stats.size, partial: options.partial ?? false, readAt: Date.now() });
}
