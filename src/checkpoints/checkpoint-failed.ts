import { CodevError } from '../errors/codev-error.ts';
import type { RestoreConflict } from './types.ts';

/** A recording or restore that could not be done: `CHECKPOINT_FAILED`, with git's words when git said why. */
export function checkpointFailed(message: string, details: { hint?: string; cause?: unknown; file?: string; field?: string } = {}): CodevError {
  return new CodevError('CHECKPOINT_FAILED', message, details);
}

/** `REWIND_CONFLICT`, with the files in `details.conflicts`. */
export type RewindConflictError = CodevError & { details: { conflicts: RestoreConflict[] } };

/** A restore refused because of `conflicts`: nothing was changed. */
export function rewindConflict(conflicts: RestoreConflict[], message?: string): RewindConflictError {
  const names = conflicts.slice(0, 5).map((conflict) => conflict.path).join(', ');
  const more = conflicts.length > 5 ? ` and ${conflicts.length - 5} more` : '';
  const error = new CodevError('REWIND_CONFLICT', message ?? `Restoring would overwrite ${conflicts.length} file(s) changed since the last checkpoint: ${names}${more}.`, {
    hint: 'Choose per file, or pass conflicts: "overwrite" (force) or "keep".',
  });
  return Object.assign(error, { details: { conflicts } });
}

/**
 * `error` as a checkpoint error: a `CodevError` as it is, anything else (the file system refusing the store: a
 * read-only or full disk, a file where a folder goes) as `CHECKPOINT_FAILED` with it as the cause.
 */
export function asCheckpointError(error: unknown): CodevError {
  if (CodevError.isInstance(error)) return error;
  const words = error instanceof Error ? error.message : String(error);
  return checkpointFailed(`The checkpoint store could not be used: ${words}`, { cause: error });
}
