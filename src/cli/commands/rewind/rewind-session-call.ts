import { listCheckpoints } from '../../../agent/rewind/list-checkpoints.ts';
import { openProjectCheckpoints } from '../../../agent/rewind/open-project-checkpoints.ts';
import { rewindSession } from '../../../agent/rewind/rewind-session.ts';
import type { CheckpointInfo, RewindOptions, RewindResult } from '../../../agent/rewind/types.ts';
import { CodevError } from '../../../errors/codev-error.ts';
import type { ToolHook } from '../../../hooks/types.ts';
import type { PermissionMode } from '../../../permissions/types.ts';
import { createFileSessionStore } from '../../../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../../transcripts/sessions-directory.ts';

/**
 * The calls `codev rewind` and `codev run --rewind-to` make to the rewind API (`listCheckpoints` and
 * `rewindSession` of the package entry, the project's checkpoint store), in one place.
 */

/** Where a session is: its full id, and the root of its project (where `.codev/` is). */
export interface SessionPlace {
  sessionId: string;
  projectRoot: string;
}

/** What a rewind run by `codev run` passes on: the kernel's PreRewind and PostRewind hooks, and their context. */
export interface RewindContext {
  hooks?: readonly ToolHook[];
  cwd?: string;
  permissionMode?: PermissionMode;
  onWarning?: (message: string) => void;
}

/** The session's checkpoints, the oldest first; the last one's files are what changed from it to now. */
export function listSessionCheckpoints(place: SessionPlace): Promise<CheckpointInfo[]> {
  return listCheckpoints({ ...place });
}

/** A rewind of a saved session (or, with `dryRun`, what it would do). */
export function rewindSavedSession(options: SessionPlace & RewindOptions & RewindContext): Promise<RewindResult> {
  return rewindSession({ ...options });
}

/** The unified diff a rewind to `checkpoint` would apply to the files as they are now (`--dry-run`), cut at `maxBytes`. */
export async function rewindPatch(options: SessionPlace & { checkpoint: CheckpointInfo; maxBytes?: number }): Promise<string> {
  const store = await openProjectCheckpoints({ projectRoot: options.projectRoot });
  const target = options.checkpoint.snapshot;
  const now = await store.record({ sessionId: options.sessionId, roots: target.roots.map((root) => root.root) });
  return store.patch({ from: now, to: target, ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }) });
}

/**
 * Finishes a restore of the session that was cut short (a kill during `codev rewind`), when no agent holds
 * the session: a listing then shows the files as they are after it. A session an agent holds is its to finish.
 */
export async function recoverInterruptedRewind(place: SessionPlace): Promise<void> {
  const writer = await createFileSessionStore({ directory: sessionsDirectory(place.projectRoot) })
    .open({ id: place.sessionId })
    .catch((error: unknown) => {
      if (CodevError.isInstance(error) && error.code === 'SESSION_BUSY') return undefined;
      throw error;
    });
  if (!writer) return;
  try {
    await (await openProjectCheckpoints({ projectRoot: place.projectRoot })).recover({ sessionId: place.sessionId });
  } finally {
    await writer.close();
  }
}
