import type { RewindResult } from '../../../agent/rewind/types.ts';
import type { ConflictChoice } from '../../../checkpoints/types.ts';
import { CodevError } from '../../../errors/codev-error.ts';
import { displayPath } from './format-file-changes.ts';

/** Conflicts named in the message; the others are counted. */
const NAMED = 20;

/**
 * `REWIND_CONFLICT` for `codev rewind` and `codev run --rewind-to`: the files someone else changed since the
 * agent left them (or whose content was never stored) that the rewind would change, and the two ways on.
 */
export function rewindConflictError(options: { conflicts: readonly { root: string; path: string; reason: string }[]; cwd: string }): CodevError {
  const { conflicts, cwd } = options;
  const named = conflicts.slice(0, NAMED).map((conflict) => `\n    ${displayPath(conflict, cwd)}${conflict.reason === 'changed-since' ? '' : ` (${conflict.reason})`}`);
  const more = conflicts.length > NAMED ? `\n    … and ${conflicts.length - NAMED} more` : '';
  const what = conflicts.length === 0 ? 'Files changed since the agent left them' : `${conflicts.length} file${conflicts.length === 1 ? '' : 's'} changed since the agent left ${conflicts.length === 1 ? 'it' : 'them'}`;
  return new CodevError('REWIND_CONFLICT', `${what}, and the rewind would change ${conflicts.length === 1 ? 'it' : 'them'}; nothing was changed:${named.join('')}${more}`, {
    hint: 'add --force to overwrite them with the checkpoint, or --keep-changed to keep them as they are (the rest goes back)',
  });
}

/** `rewindConflictError` when a rewind's preview has conflicts and nothing chose what to do with them. */
export function refuseConflicts(options: { preview: RewindResult; conflicts: ConflictChoice; cwd: string }): void {
  const found = options.preview.files?.conflicts ?? [];
  if (options.conflicts === 'fail' && found.length > 0) throw rewindConflictError({ conflicts: found, cwd: options.cwd });
}

/** A `REWIND_CONFLICT` of the store (its files in `details.conflicts`) restated as `rewindConflictError` says it; any other error as it is. */
export function restateRewindConflict(error: unknown, cwd: string): unknown {
  if (!CodevError.isInstance(error) || error.code !== 'REWIND_CONFLICT') return error;
  const conflicts = (error as CodevError & { details?: { conflicts?: unknown } }).details?.conflicts;
  return rewindConflictError({ conflicts: Array.isArray(conflicts) ? (conflicts as { root: string; path: string; reason: string }[]) : [], cwd });
}
