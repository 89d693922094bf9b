import path from 'node:path';
import type { CheckpointStore, FileChange, RestoreResult } from '../../checkpoints/types.ts';
import { CodevError } from '../../errors/codev-error.ts';
import type { ToolHook } from '../../hooks/types.ts';
import { runPostRewindHooks, runPreRewindHooks } from '../../hooks/run-rewind-hooks.ts';
import type { PermissionMode } from '../../permissions/types.ts';
import { createFileSessionStore } from '../../transcripts/create-file-session-store.ts';
import { resolveSessionId } from '../../transcripts/resolve-session-id.ts';
import { sessionsDirectory } from '../../transcripts/sessions-directory.ts';
import type { CheckpointEntry, LoadedTranscript, RewindEntry, SessionStore, SessionWriter } from '../../transcripts/types.ts';
import { describeCheckpoints } from './describe-checkpoints.ts';
import { findCheckpoint } from './find-checkpoint.ts';
import { forkBeforeTurn } from './fork-before-turn.ts';
import { forkPoint, type ForkPoint } from './fork-point.ts';
import { openProjectCheckpoints } from './open-project-checkpoints.ts';
import { applyRewindFiles, planRewindFiles } from './rewind-files.ts';
import { rewindReference } from './rewind-reference.ts';
import { storedRewindReference } from './stored-rewind-reference.ts';
import { lastRewind } from './last-rewind.ts';
import type { CheckpointInfo, RewindOptions, RewindResult } from './types.ts';
import { rootsOutside, sessionWorkingDirectories } from './working-directory-roots.ts';

/** Options of `rewindSession`: a rewind's, and where the session and its checkpoints are. */
export interface RewindSessionOptions extends RewindOptions {
  /** The session to rewind: its id, or a unique prefix of it. */
  sessionId: string;
  /** The project (where `.codev/` is): its sessions (unless `sessionStore`) and its checkpoints. */
  projectRoot: string;
  /** Where the session is kept. Default: the file store in the project's `.codev/sessions/`. */
  sessionStore?: SessionStore;
  /** The project's checkpoint store, when the caller has it open. */
  checkpointStore?: CheckpointStore;
  /** The PreRewind and PostRewind hooks to run (a kernel's `hooks`), what they see as the working directory and mode. */
  hooks?: readonly ToolHook[];
  cwd?: string;
  permissionMode?: PermissionMode;
  /**
   * The session's working directories outside the project (the permissions' additional directories): a
   * rewind writes only in these, the project root and the session's cwd inside it, and refuses a checkpoint
   * rooted elsewhere (`REWIND_BLOCKED`).
   */
  workingDirectories?: readonly string[];
  /** The caller holds the session as its writer (an agent's own dry run): a dry run does not take it. */
  holdsSession?: boolean;
  /** Warnings: a hook that failed. */
  onWarning?: (message: string) => void;
  signal?: AbortSignal;
}

/**
 * Rewinds a stored session (what `agent.rewind` and `codev rewind` do): its files back to checkpoint `to`
 * (conflicts judged against what the session left), its conversation forked before that turn's reply, a
 * `rewind` entry appended to the session (what the files were before, so the rewind can be undone). Holds
 * the session as its writer meanwhile (a dry run too): `SESSION_BUSY` while an agent has it open. `CHECKPOINT_NOT_FOUND`,
 * `REWIND_CONFLICT`, `REWIND_BLOCKED` (a PreRewind hook) change nothing; `dryRun` changes nothing either.
 * With `undo`, the files go back as the session's last `rewind` entry says they were before it (conflicts judged
 * against what it left), the conversation untouched, and a `rewind` entry of its own appended.
 */
export async function rewindSession(options: RewindSessionOptions): Promise<RewindResult> {
  const sessionStore = options.sessionStore ?? createFileSessionStore({ directory: sessionsDirectory(options.projectRoot) });
  const sessionId = await resolveSessionId({ store: sessionStore, id: options.sessionId });
  const dryRun = options.dryRun ?? false;
  const undo = options.undo === true;
  checkUndo(options);
  const wantsFiles = undo || (options.files ?? true);
  const wantsConversation = !undo && (options.conversation ?? true);
  if (!wantsFiles && !wantsConversation) throw new CodevError('INPUT_INVALID', 'A rewind of neither the files nor the conversation does nothing', { field: 'files', hint: 'leave files or conversation on' });
  // The writer first: no other agent may record or append while the files go back.
  // A dry run too: it records the files now into the session's index, which has one writer (an agent
  // recording its turns in another process would fail on it), unless the caller is that writer.
  const writer: SessionWriter | undefined = dryRun && options.holdsSession ? undefined : await sessionStore.open({ id: sessionId });
  try {
    const checkpoints = options.checkpointStore ?? (await openProjectCheckpoints({ projectRoot: options.projectRoot }));
    if (!dryRun) await checkpoints.recover({ sessionId });
    const loaded = await sessionStore.read(sessionId);
    // An undo goes back to what the last rewind replaced, judging conflicts against what it left.
    const undone = undo ? lastRewind({ sessionId, loaded }) : undefined;
    const found = undone ? undefined : findCheckpoint({ sessionId, checkpoints: loaded.checkpoints ?? [], to: options.to! });
    const entry = found ?? { turn: undone!.turn, roots: undone!.before };
    const left = undone?.after ? { roots: undone.after } : rewindReference(loaded);
    const point: ForkPoint | undefined = wantsConversation ? forkPoint({ sessionId, messages: loaded.messages, checkpoint: found! }) : undefined;
    const target = { roots: entry.roots };
    if (wantsFiles) refuseRootsOutside({ sessionId, turn: entry.turn, roots: entry.roots, workingDirectories: sessionWorkingDirectories({ projectRoot: options.projectRoot, cwd: loaded.metadata.cwd, ...(options.workingDirectories && { given: options.workingDirectories }) }) });
    const reference = wantsFiles ? await storedRewindReference({ store: checkpoints, sessionId, turn: entry.turn, target, reference: left, conflicts: options.conflicts }) : undefined;
    const plan = wantsFiles ? await planRewindFiles({ store: checkpoints, sessionId, target, reference, conflicts: options.conflicts, dryRun, signal: options.signal }) : undefined;
    const checkpoint = found ? await describeCheckpoint({ store: checkpoints, loaded, entry: found }) : { turn: entry.turn, createdAt: undone!.timestamp, files: plan!.changes, snapshot: target };
    const rootCount = entry.roots.length;
    const hookBase = { hooks: options.hooks ?? [], cwd: options.cwd ?? loaded.metadata.cwd, permissionMode: options.permissionMode ?? loaded.metadata.permissionMode ?? 'default', signal: options.signal ?? new AbortController().signal, sessionId, turn: entry.turn, files: wantsFiles, conversation: wantsConversation };
    const result = (restored?: RestoreResult, forkedId?: string): RewindResult => ({
      checkpoint,
      sessionId: forkedId ?? sessionId,
      ...(undone && { undone: { turn: undone.turn, timestamp: undone.timestamp, conversation: 'unchanged' as const } }),
      ...(forkedId && { forkedFrom: sessionId }),
      ...(point?.prompt !== undefined && { prompt: point.prompt }),
      ...(plan && { files: { restored: restored?.restored ?? (dryRun ? plan.changes : []), kept: restored?.kept ?? [], conflicts: plan.conflicts.map(({ root, path: file, reason }) => ({ root, path: file, reason })) } }),
      dryRun,
    });
    if (dryRun) return result();
    const pre = await runPreRewindHooks({ ...hookBase, changes: (plan?.changes ?? []).map((change) => pathOf(change, rootCount)) });
    for (const failure of pre.failures) options.onWarning?.(failure);
    if (pre.blocked !== undefined) throw new CodevError('REWIND_BLOCKED', `A PreRewind hook refused the rewind of session ${sessionId} to turn ${entry.turn}: ${pre.blocked}`, { stage: 'PreRewind', hint: 'nothing was changed' });
    let restored: RestoreResult | undefined;
    let rewind: RewindEntry | undefined;
    if (plan) {
      restored = await applyRewindFiles({ store: checkpoints, sessionId, plan, conflicts: options.conflicts, signal: options.signal });
      rewind = { type: 'rewind', timestamp: new Date().toISOString(), turn: entry.turn, before: restored.before.roots, after: entry.roots, kept: restored.kept.map((change) => pathOf(change, rootCount)) };
      await writer!.append([rewind]);
    }
    const forkedId = point ? await forkBeforeTurn({ sessionStore, checkpointStore: checkpoints, from: loaded, point, ...(rewind && { rewind }) }) : undefined;
    const done = result(restored, forkedId);
    const post = await runPostRewindHooks({ ...hookBase, restored: (restored?.restored ?? []).map((change) => pathOf(change, rootCount)), kept: (restored?.kept ?? []).map((change) => pathOf(change, rootCount)), ...(forkedId && { forkedSessionId: forkedId }) });
    for (const failure of post) options.onWarning?.(failure);
    return done;
  } finally {
    await writer?.close();
  }
}

/** `INPUT_INVALID` unless exactly one of `to` and `undo` is given, and an undo is not asked to fork the conversation. */
function checkUndo(options: RewindOptions): void {
  if (options.undo === true && options.to !== undefined) throw new CodevError('INPUT_INVALID', 'A rewind goes back to a checkpoint (to) or undoes the last rewind (undo), not both', { field: 'undo', hint: 'give to or undo: true' });
  if (options.undo !== true && options.to === undefined) throw new CodevError('INPUT_INVALID', 'A rewind needs a checkpoint to go back to (to), or undo: true to undo the last rewind', { field: 'to', hint: 'to: a turn number or a message uuid (agent.checkpoints() lists them)' });
  if (options.undo === true && (options.files === false || options.conversation === true)) throw new CodevError('INPUT_INVALID', 'An undo puts back the files of the last rewind only: the conversation is not touched', { field: 'undo', hint: 'leave files and conversation out' });
}

/** A checkpoint described with what its turn changed (up to the next checkpoint, or the files now). */
async function describeCheckpoint(options: { store: CheckpointStore; loaded: LoadedTranscript; entry: CheckpointEntry }): Promise<CheckpointInfo> {
  const { store, loaded, entry } = options;
  const all = loaded.checkpoints ?? [];
  const next = all[all.lastIndexOf(entry) + 1];
  const [described] = await describeCheckpoints({ store, checkpoints: next ? [entry, next] : [entry], messages: loaded.messages });
  return described!;
}

/** `REWIND_BLOCKED` before anything is recorded or changed when the checkpoint names a folder that is no working directory of the session. */
function refuseRootsOutside(options: { sessionId: string; turn: number; roots: CheckpointEntry['roots']; workingDirectories: readonly string[] }): void {
  const outside = rootsOutside(options.roots, options.workingDirectories);
  if (outside.length === 0) return;
  throw new CodevError('REWIND_BLOCKED', `Checkpoint ${options.turn} of session ${options.sessionId} names ${outside.join(', ')}, which is no working directory of the session (${options.workingDirectories.join(', ')}): its files are not put back there`, { field: 'to', hint: 'a transcript changed by someone else, or a working directory no longer given to the agent (workingDirectories)' });
}

/** A file's path as hooks and the rewind entry name it: relative to its root, absolute when there are several roots. */
function pathOf(change: Pick<FileChange, 'root' | 'path'>, rootCount: number): string {
  return rootCount > 1 ? path.join(change.root, change.path) : change.path;
}
