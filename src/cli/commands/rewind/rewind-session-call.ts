import type { CheckpointInfo, RewindOptions, RewindResult } from '../../../agent/rewind/types.ts';
import { CodevError } from '../../../errors/codev-error.ts';
import type { ToolHook } from '../../../hooks/types.ts';
import type { PermissionMode } from '../../../permissions/types.ts';
import { createFileSessionStore } from '../../../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../../transcripts/sessions-directory.ts';

/**
 * The calls `codev rewind` and `codev run --rewind-to` make to the rewind API (`listCheckpoints` and
 * `rewindSession` of the package entry, the project's checkpoint store), in one place; loaded when called,
 * so that a `codev run` without `--rewind-to` does not load them.
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
  /** The session's working directories besides the project: a checkpoint may be put back only in those (see `rewindSession`). */
  workingDirectories?: readonly string[];
  onWarning?: (message: string) => void;
}

/**
 * The session's checkpoints, the oldest first. When no agent holds the session, it is held meanwhile: a
 * restore a kill cut short (`codev rewind` killed) is finished first, and the last checkpoint's files are what
 * changed from it to now (recorded under the session, which only its holder may do). While an agent holds it,
 * the last checkpoint is listed with no files: that agent records the next one.
 */
export async function listSessionCheckpoints(place: SessionPlace): Promise<CheckpointInfo[]> {
  const writer = await createFileSessionStore({ directory: sessionsDirectory(place.projectRoot) })
    .open({ id: place.sessionId })
    .catch((error: unknown) => {
      if (CodevError.isInstance(error) && error.code === 'SESSION_BUSY') return undefined;
      throw error;
    });
  const { listCheckpoints } = await import('../../../agent/rewind/list-checkpoints.ts');
  if (!writer) return listCheckpoints({ ...place, now: false });
  try {
    const { openProjectCheckpoints } = await import('../../../agent/rewind/open-project-checkpoints.ts');
    const checkpointStore = await openProjectCheckpoints({ projectRoot: place.projectRoot });
    await checkpointStore.recover({ sessionId: place.sessionId });
    return await listCheckpoints({ ...place, checkpointStore });
  } finally {
    await writer.close();
  }
}

/**
 * A rewind of a saved session (or, with `dryRun`, what it would do). A dry run records the files as they are
 * now under the session, so it holds the session meanwhile, as the rewind itself does: `SESSION_BUSY`, with
 * nothing written, while an agent in another process has it open (its recordings are that agent's alone).
 */
export async function rewindSavedSession(options: SessionPlace & RewindOptions & RewindContext): Promise<RewindResult> {
  const { rewindSession } = await import('../../../agent/rewind/rewind-session.ts');
  if (!options.dryRun) return rewindSession({ ...options }).catch(rethrowBusy);
  return holdingSession(options, () => rewindSession({ ...options }));
}

/**
 * The unified diff a rewind to `checkpoint` would apply to the files as they are now (`--dry-run`), cut at
 * `maxBytes`; the session held meanwhile (`SESSION_BUSY` while another process has it).
 */
export async function rewindPatch(options: SessionPlace & { checkpoint: CheckpointInfo; maxBytes?: number }): Promise<string> {
  const { openProjectCheckpoints } = await import('../../../agent/rewind/open-project-checkpoints.ts');
  const store = await openProjectCheckpoints({ projectRoot: options.projectRoot });
  const target = options.checkpoint.snapshot;
  return holdingSession(options, async () => {
    const now = await store.record({ sessionId: options.sessionId, roots: target.roots.map((root) => root.root) });
    return store.patch({ from: now, to: target, ...(options.maxBytes !== undefined && { maxBytes: options.maxBytes }) });
  });
}

/** `work` done as the session's writer: `SESSION_BUSY` (nothing done) while another process holds it. */
async function holdingSession<T>(place: SessionPlace, work: () => Promise<T>): Promise<T> {
  const writer = await createFileSessionStore({ directory: sessionsDirectory(place.projectRoot) }).open({ id: place.sessionId }).catch(rethrowBusy);
  try {
    return await work();
  } finally {
    await writer.close();
  }
}

/** The store's advice to fork the session instead does not apply to a rewind (a fork of its own): taken out. */
const FORK_ADVICE = /,? or fork the session \(fork: true, or --fork-session\) to go on from the same point in a new one/;

/**
 * `SESSION_BUSY` as a rewind says it: the session's holder, and how to wait for it or take it over, as the
 * store said, without the store's advice to fork (which a rewind does itself, once it has the session).
 */
function rethrowBusy(error: unknown): never {
  if (!CodevError.isInstance(error) || error.code !== 'SESSION_BUSY') throw error;
  const left = (error.hint ?? '').replace(FORK_ADVICE, '').replace(/^[,;\s]+/, '');
  throw new CodevError('SESSION_BUSY', error.message, { ...(error.file !== undefined && { file: error.file }), hint: `a rewind needs the session to itself: ${left === '' ? 'wait for that agent to end' : left}`, cause: error });
}
