import type { RewindResult } from '../../../agent/rewind/types.ts';
import type { ConflictChoice } from '../../../checkpoints/types.ts';
import { findProjectRoot } from '../../../config/find-project-root.ts';
import { CodevError } from '../../../errors/codev-error.ts';
import { createFileSessionStore } from '../../../transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../../transcripts/sessions-directory.ts';
import type { SessionStore } from '../../../transcripts/types.ts';
import { REWIND_HELP } from '../../help.ts';
import { parseCommandLine } from '../../parse-command-line.ts';
import { stopOnSignals } from '../stop-on-signals.ts';
import type { CommandIo } from '../types.ts';
import { formatCheckpointList } from './format-checkpoint-list.ts';
import { formatRewindOutcome, formatRewindPreview } from './format-rewind.ts';
import { askConflictChoices } from './ask-conflict-choices.ts';
import { conflictChoiceOption } from './conflict-choice-option.ts';
import { projectRewindHooks } from './project-rewind-hooks.ts';
import { refuseConflicts, restateRewindConflict } from './rewind-conflict-error.ts';
import { listSessionCheckpoints, rewindPatch, rewindSavedSession, type RewindContext, type SessionPlace } from './rewind-session-call.ts';
import { rewindTargetOption } from './rewind-target-option.ts';
import { resolveRewindSession } from './resolve-rewind-session.ts';

/** The most of the unified diff `--dry-run` prints. */
const PATCH_BYTES = 1024 * 1024;

/** The options of `codev rewind` (beside every command's --help, --cwd and --verbose). */
export const REWIND_OPTIONS = {
  list: { type: 'boolean', short: 'l' },
  to: { type: 'string' },
  undo: { type: 'boolean' },
  'files-only': { type: 'boolean' },
  'conversation-only': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  force: { type: 'boolean', short: 'f' },
  'keep-changed': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/**
 * `codev rewind [SESSION] --list | --to TURN|UUID [--files-only | --conversation-only] | --undo [--dry-run]
 * [--force | --keep-changed] [--json]`: a session's checkpoints, or going back to one (the files as they were
 * before that turn's tool calls, the conversation forked before its reply), or undoing the session's last
 * rewind (its files only), after a preview of what changes.
 */
export async function rewindCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, REWIND_OPTIONS);
  if (values.help) {
    io.stdout(REWIND_HELP);
    return 0;
  }
  const to = rewindTargetOption('to', values.to);
  checkFlags({ values, to, positionals });
  const conflicts = conflictChoiceOption(values);
  const cwd = values.cwd ?? io.cwd;
  const place = await resolveRewindSession({ given: positionals[0], cwd });
  if (values.list) {
    const checkpoints = await listSessionCheckpoints(place);
    const forkedFrom = (await sessionStoreOf(place).readMetadata?.(place.sessionId))?.forkedFrom?.sessionId;
    // The text names it when the fork has no checkpoint of its own (made before its first turn): the turns are there.
    io.stdout(values.json ? `${JSON.stringify({ sessionId: place.sessionId, ...(forkedFrom !== undefined && { forkedFrom }), checkpoints }, null, 2)}\n` : formatCheckpointList({ sessionId: place.sessionId, checkpoints, cwd, ...(forkedFrom !== undefined && checkpoints.length === 0 && { forkedFrom }) }));
    return 0;
  }
  // An undo puts back files only: the conversation stays where the rewind left it.
  const options: RewindChoice = values.undo ? { undo: true, files: true, conversation: false, conflicts } : { to: to!, files: !values['conversation-only'], conversation: !values['files-only'], conflicts };
  if (values['dry-run']) {
    const preview = await previewRewind({ place, options, io });
    const patch = options.files ? await rewindPatch({ ...place, checkpoint: preview.checkpoint, maxBytes: PATCH_BYTES }) : undefined;
    io.stdout(values.json ? `${JSON.stringify({ ...preview, ...(patch !== undefined && { patch }) }, null, 2)}\n` : formatRewindPreview({ result: preview, conversation: options.conversation, cwd, patch: patch ?? '' }));
    return 0;
  }
  return rewind({ place, options, io, json: values.json === true, cwd });
}

/**
 * The preview, then the rewind, with the project's PreRewind and PostRewind hooks (on a terminal, the files
 * changed since the agent left them are asked about one by one unless --force or --keep-changed decided). A
 * Ctrl-C or SIGTERM before the restore starts stops it with nothing changed; one during the restore lets it
 * finish (files half put back help nobody); either way the command then exits with the signal's code. A
 * second one quits at once, and the next `codev rewind` finishes the restore.
 */
async function rewind(settings: { place: SessionPlace; options: RewindChoice; io: CommandIo; json: boolean; cwd: string }): Promise<number> {
  const { place, options, io, json, cwd } = settings;
  // Listening from before the preview is printed: whoever reads it may interrupt at once.
  const stop = stopOnSignals(io);
  // The project first: its hooks guard the rewind, its config names the working directories besides it.
  const project = await projectRewindHooks({ projectRoot: place.projectRoot, io });
  try {
    const preview = await rewindSavedSession({ ...place, ...options, dryRun: true, ...workingDirectoriesOf(project.context) });
    if (!json) io.stdout(formatRewindPreview({ result: preview, conversation: options.conversation, cwd }));
    const conflicts = await conflictsDecided({ preview, choice: options.conflicts, io, json, cwd, signal: stop.signal });
    if (stop.signal.aborted || conflicts === undefined) {
      io.stderr(`codev rewind: ${stop.signal.aborted ? 'interrupted before the restore' : 'stopped'}: nothing was changed\n`);
      return stop.exitCode ?? 1;
    }
    let result: RewindResult;
    try {
      result = await rewindSavedSession({ ...place, ...options, conflicts, ...project.context });
    } catch (error) {
      throw restateRewindConflict(error, cwd);
    }
    // A session file of another project: the command to go on names that project.
    const elsewhere = json || place.projectRoot === ((await findProjectRoot(cwd)) ?? cwd) ? undefined : place.projectRoot;
    io.stdout(json ? `${JSON.stringify(result, null, 2)}\n` : formatRewindOutcome({ result, cwd, ...(elsewhere !== undefined && { projectRoot: elsewhere }) }));
    return stop.exitCode ?? 0;
  } finally {
    await project.close();
    stop.dispose();
  }
}

/**
 * What the rewind would do, changing nothing: the project's config is read for the working directories besides
 * it (permissions.additionalDirectories), the only folders besides the project a checkpoint is put back in.
 */
async function previewRewind(settings: { place: SessionPlace; options: RewindChoice; io: CommandIo }): Promise<RewindResult> {
  const { place, options, io } = settings;
  const project = await projectRewindHooks({ projectRoot: place.projectRoot, io, preview: true });
  try {
    return await rewindSavedSession({ ...place, ...options, dryRun: true, ...workingDirectoriesOf(project.context) });
  } finally {
    await project.close();
  }
}

/**
 * What to do with the files changed since the agent left them: the flags' choice; without one, on a terminal,
 * the person's choice file by file (undefined when they quit, or a signal came); off a terminal (or with
 * --json), `REWIND_CONFLICT` naming them.
 */
async function conflictsDecided(options: { preview: RewindResult; choice: ConflictChoice; io: CommandIo; json: boolean; cwd: string; signal: AbortSignal }): Promise<ConflictChoice | undefined> {
  const { preview, choice, io } = options;
  const found = preview.files?.conflicts ?? [];
  if (choice !== 'fail' || found.length === 0 || !io.terminal || options.json) {
    refuseConflicts({ preview, conflicts: choice, cwd: options.cwd });
    return choice;
  }
  return askConflictChoices({ conflicts: found, roots: preview.checkpoint.snapshot.roots.length, cwd: options.cwd, terminal: io.terminal, signal: options.signal }).catch((error: unknown) => {
    if (options.signal.aborted) return undefined;
    throw error;
  });
}

/** What the command line chose: a checkpoint to go back to (and what goes back), or the last rewind undone. */
type RewindChoice = { to?: number | string; undo?: true; files: boolean; conversation: boolean; conflicts: ConflictChoice };

function checkFlags(options: { values: { list?: boolean; undo?: boolean; 'files-only'?: boolean; 'conversation-only'?: boolean; 'dry-run'?: boolean; force?: boolean; 'keep-changed'?: boolean }; to: number | string | undefined; positionals: readonly string[] }): void {
  const { values, to, positionals } = options;
  if (positionals.length > 1) throw new CodevError('CLI_USAGE', `codev rewind takes one session, not ${positionals.length}: ${positionals.join(' ')}`, { hint: 'codev rewind [SESSION] --to TURN' });
  if (values.list && to !== undefined) throw new CodevError('CLI_USAGE', '--list and --to cannot be used together', { hint: 'codev rewind --list shows the turns; codev rewind --to TURN goes back to one' });
  const undoWith = values.undo ? (['list', 'files-only', 'conversation-only'] as const).find((flag) => values[flag]) ?? (to !== undefined ? 'to' : undefined) : undefined;
  if (undoWith) throw new CodevError('CLI_USAGE', `--undo and --${undoWith} cannot be used together`, { hint: 'codev rewind --undo puts back the files the last rewind replaced (the conversation is not touched)' });
  if (!values.list && !values.undo && to === undefined) throw new CodevError('CLI_USAGE', 'Say what to do: --list, --to TURN or --undo', { hint: 'codev rewind --list shows the checkpoints of the latest session' });
  if (values['files-only'] && values['conversation-only']) throw new CodevError('CLI_USAGE', '--files-only and --conversation-only cannot be used together', { hint: 'without either, both the files and the conversation go back' });
  const toOnly = (['files-only', 'conversation-only', 'dry-run', 'force', 'keep-changed'] as const).find((flag) => values[flag]);
  if (values.list && toOnly) {
    const of = toOnly === 'files-only' || toOnly === 'conversation-only' ? 'codev rewind --to' : 'codev rewind --to and --undo';
    throw new CodevError('CLI_USAGE', `--${toOnly} is an option of ${of}, not of --list`, { hint: 'codev rewind --help' });
  }
}

function sessionStoreOf(place: SessionPlace): SessionStore {
  return createFileSessionStore({ directory: sessionsDirectory(place.projectRoot) });
}

/** The working directories besides the project a rewind may put back, from the project's context. */
function workingDirectoriesOf(context: RewindContext): { workingDirectories?: readonly string[] } {
  return context.workingDirectories ? { workingDirectories: context.workingDirectories } : {};
}
