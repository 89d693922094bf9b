import type { RewindResult } from '../../../agent/rewind/types.ts';
import type { ConflictChoice } from '../../../checkpoints/types.ts';
import { CodevError } from '../../../errors/codev-error.ts';
import { oneLine } from '../../../transcripts/message-text.ts';
import { summarizeFileChanges } from './format-file-changes.ts';
import { conflictChoiceOption } from './conflict-choice-option.ts';
import { refuseConflicts, restateRewindConflict } from './rewind-conflict-error.ts';
import { rewindSavedSession, type RewindContext, type SessionPlace } from './rewind-session-call.ts';
import { rewindTargetOption } from './rewind-target-option.ts';
import { resolveRewindSession } from './resolve-rewind-session.ts';

/** `codev run --rewind-to N`: the checkpoint, and what to do with files changed since the agent left them. */
export interface RunRewindOptions {
  to: number | string;
  conflicts: ConflictChoice;
}

/** What `codev run --rewind-to` will do, checked before anything changes. */
export interface RunRewindPlan extends RunRewindOptions, SessionPlace {
  /** The prompt the turn answered, which the rewind leaves out of the conversation. */
  prompt?: string;
}

type RunRewindFlags = { 'rewind-to'?: string; force?: boolean; 'keep-changed'?: boolean; resume?: string; continue?: boolean; 'fork-session'?: boolean; 'resume-at'?: string; 'no-session-persistence'?: boolean; approve?: string[]; deny?: string[] };

/** `--rewind-to`, `--force` and `--keep-changed` of `codev run`, checked against the session options; undefined without `--rewind-to`. */
export function runRewindOptions(values: RunRewindFlags): RunRewindOptions | undefined {
  const to = rewindTargetOption('rewind-to', values['rewind-to']);
  if (to === undefined) {
    const stray = values.force ? '--force' : values['keep-changed'] ? '--keep-changed' : undefined;
    if (stray) throw new CodevError('CLI_USAGE', `${stray} goes with --rewind-to`, { hint: 'codev run agent.ts --resume ID --rewind-to 3 --force' });
    return undefined;
  }
  if (values.resume === undefined && !values.continue) throw new CodevError('CLI_USAGE', '--rewind-to needs --resume ID or --continue', { hint: 'codev rewind --list shows the turns of the latest session' });
  const clash = values['fork-session'] ? '--fork-session' : values['resume-at'] !== undefined ? '--resume-at' : values['no-session-persistence'] ? '--no-session-persistence' : values.approve?.length || values.deny?.length ? '--approve and --deny' : undefined;
  if (clash) throw new CodevError('CLI_USAGE', `--rewind-to cannot be used with ${clash}`, { hint: '--rewind-to already goes on in a new session, forked before that turn' });
  return { to, conflicts: conflictChoiceOption(values) };
}

/**
 * Checks a `codev run --rewind-to` before the agent starts, changing nothing: the session (`--resume` or the
 * latest), the checkpoint, the conflicts (`REWIND_CONFLICT` naming them unless `--force` or `--keep-changed`).
 */
export async function planRunRewind(options: RunRewindOptions & { resume: string | undefined; cwd: string }): Promise<RunRewindPlan> {
  const place = await resolveRewindSession({ given: options.resume, cwd: options.cwd });
  const preview = await rewindSavedSession({ ...place, to: options.to, conflicts: options.conflicts, dryRun: true });
  refuseConflicts({ preview, conflicts: options.conflicts, cwd: options.cwd });
  return { to: options.to, conflicts: options.conflicts, ...place, ...(preview.prompt !== undefined && { prompt: preview.prompt }) };
}

/**
 * The rewind itself, before the agent resumes the session it forks (the kernel's PreRewind and PostRewind
 * hooks run): the agent then goes on in `sessionId` of the result.
 */
export async function rewindBeforeQuery(options: { plan: RunRewindPlan; context: RewindContext; cwd: string }): Promise<RewindResult> {
  const { plan } = options;
  try {
    return await rewindSavedSession({ sessionId: plan.sessionId, projectRoot: plan.projectRoot, to: plan.to, conflicts: plan.conflicts, ...options.context });
  } catch (error) {
    throw restateRewindConflict(error, options.cwd);
  }
}

/**
 * The rewind's lines on stderr: what it did (`full`, in text mode: stream-json has the `rewind` event), and
 * which prompt the run goes on with when it is the one the rewind left out (`resent`).
 */
export function formatRunRewind(options: { result: RewindResult; resent: boolean; full: boolean }): string {
  const { result } = options;
  const files = result.files ? `${result.files.restored.length === 0 ? 'no file needed to go back' : `restored ${summarizeFileChanges(result.files.restored)}`}${result.files.kept.length > 0 ? ` (kept ${result.files.kept.length} changed since)` : ''}; ` : '';
  const lines = options.full ? [`codev: rewound to turn ${result.checkpoint.turn}: ${files}the conversation goes on in the new session ${result.sessionId} (forked from ${result.forkedFrom ?? result.sessionId})`] : [];
  if (options.resent && result.prompt !== undefined) lines.push(`codev: going on with the prompt turn ${result.checkpoint.turn} answered, which the rewind left out: ${oneLine(result.prompt, 80)}`);
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
