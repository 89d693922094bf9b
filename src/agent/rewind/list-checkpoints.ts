import type { CheckpointStore, Snapshot } from '../../checkpoints/types.ts';
import { createFileSessionStore } from '../../transcripts/create-file-session-store.ts';
import { resolveSessionId } from '../../transcripts/resolve-session-id.ts';
import { sessionsDirectory } from '../../transcripts/sessions-directory.ts';
import type { SessionStore } from '../../transcripts/types.ts';
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
  /** The folders the comparison may record (see `RewindSessionOptions.workingDirectories`): a last checkpoint rooted elsewhere is listed with no files. */
  workingDirectories?: readonly string[];
}

/**
 * A stored session's checkpoints, oldest first (what `agent.checkpoints()` and `codev rewind --list` show):
 * each turn's files changed, with line counts, and the prompt it answered. A session without checkpoints
 * (recorded with `checkpoints` off, or before codev had them) has an empty list.
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
  if ((options.now ?? true) && rootsOutside(last.roots, workingDirectories).length === 0) now = await store.record({ sessionId, roots: last.roots.map((root) => root.root) });
  return describeCheckpoints({ store, checkpoints, messages: loaded.messages, ...(now && { now }) });
}
