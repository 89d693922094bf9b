import type { CheckpointStore, Snapshot } from '../../checkpoints/types.ts';
import { createFileSessionStore } from '../../transcripts/create-file-session-store.ts';
import { resolveSessionId } from '../../transcripts/resolve-session-id.ts';
import { sessionsDirectory } from '../../transcripts/sessions-directory.ts';
import type { SessionStore, SessionWriter } from '../../transcripts/types.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { describeCheckpoints } from './describe-checkpoints.ts';
import { openProjectCheckpoints } from './open-project-checkpoints.ts';
import type { CheckpointInfo } from './types.ts';
import { rootsOutside, sessionWorkingDirectories } from './working-directory-roots.ts';

/** Options of `listCheckpoints`. */
export interface ListCheckpointsOptions {
  /** The session: its id, or a unique prefix of it. */
  sessionId: string;
  /** The project (where `.codev/` is). */
  projectRoot: string;
  /** Where the session is kept. Default: the file store in the project's `.codev/sessions/`. */
  sessionStore?: SessionStore;
  /** The project's checkpoint store, when the caller has it open. */
  checkpointStore?: CheckpointStore;
  /**
   * Compare the last checkpoint with the files as they are now (recording them), so that its `files` say
   * what its turn and everything since changed. Default true; false lists it with no files.
   */
  now?: boolean;
  /**
   * The caller is the session's writer (an agent listing its own session). Otherwise the comparison takes the
   * session as its writer while it records (the session's index has one writer: an agent recording its turns
   * in another process would fail on it), and is left out while another process holds the session.
   */
  holdsSession?: boolean;
  /** The session's working directories outside the project (see `RewindSessionOptions.workingDirectories`): a last checkpoint rooted elsewhere is listed with no files. */
  workingDirectories?: readonly string[];
}

/** The session as its writer, or undefined while another holds it (`SESSION_BUSY`). */
async function holdSession(sessionStore: SessionStore, id: string): Promise<SessionWriter | undefined> {
  try {
    return await sessionStore.open({ id });
  } catch (error) {
    if (CodevError.isInstance(error) && error.code === 'SESSION_BUSY') return undefined;
    throw error;
  }
}

/**
 * A stored session's checkpoints, oldest first (what `agent.checkpoints()` and `codev rewind --list` show):
 * each turn's files changed, with line counts, and the prompt it answered. A session without checkpoints
 * (recorded with `checkpoints` off, or before codev had them) has an empty list. While another process holds
 * the session (its agent runs), the last checkpoint is listed with no files.
 */
export async function listCheckpoints(options: ListCheckpointsOptions): Promise<CheckpointInfo[]> {
  const sessionStore = options.sessionStore ?? createFileSessionStore({ directory: sessionsDirectory(options.projectRoot) });
  const sessionId = await resolveSessionId({ store: sessionStore, id: options.sessionId });
  const loaded = await sessionStore.read(sessionId);
  const checkpoints = loaded.checkpoints ?? [];
  if (checkpoints.length === 0) return [];
  const store = options.checkpointStore ?? (await openProjectCheckpoints({ projectRoot: options.projectRoot }));
  const last = checkpoints.at(-1)!;
  let now: Snapshot | undefined;
  const workingDirectories = sessionWorkingDirectories({ projectRoot: options.projectRoot, cwd: loaded.metadata.cwd, ...(options.workingDirectories && { given: options.workingDirectories }) });
  if ((options.now ?? true) && rootsOutside(last.roots, workingDirectories).length === 0) {
    const writer = options.holdsSession ? undefined : await holdSession(sessionStore, sessionId);
    if (options.holdsSession || writer) {
      try {
        now = await store.record({ sessionId, roots: last.roots.map((root) => root.root) });
      } finally {
        await writer?.close();
      }
    }
  }
  return describeCheckpoints({ store, checkpoints, messages: loaded.messages, ...(now && { now }) });
}
