import { existsSync } from 'node:fs';
import path from 'node:path';
import type { RewindResult } from '../../../agent/rewind/types.ts';
import type { FileChange } from '../../../checkpoints/types.ts';
import { oneLine } from '../../../transcripts/message-text.ts';
import { formatLocalTime } from '../../render/format-local-time.ts';
import { displayPath, formatFileChanges, summarizeFileChanges } from './format-file-changes.ts';

const PROMPT = 80;
/** Files a preview names; the others are counted (--dry-run's diff has them all). */
const PREVIEW_FILES = 40;

/**
 * What a rewind will do, before it does it (or, with `patch`, for `--dry-run`: with the unified diff, and
 * saying nothing was changed): the files it puts back with their line counts, the files it keeps, the
 * conflicts, and where the conversation goes on.
 */
export function formatRewindPreview(options: { result: RewindResult; conversation: boolean; cwd: string; patch?: string }): string {
  const { result, cwd } = options;
  const { checkpoint, files } = result;
  const lines = [
    result.undone
      ? `Undo of the last rewind of session ${result.sessionId} (to turn ${result.undone.turn}, ${formatLocalTime(result.undone.timestamp)}): the files go back as they were before it; the conversation is not touched:`
      : `Rewind of session ${result.forkedFrom ?? result.sessionId} to turn ${checkpoint.turn} (${formatLocalTime(checkpoint.createdAt)}, ${checkpoint.prompt === undefined ? 'a turn on tool results' : `the prompt "${oneLine(checkpoint.prompt, PROMPT)}"`}):`,
  ];
  if (files) {
    const conflicted = new Set(files.conflicts.map((conflict) => displayPath(conflict, cwd)));
    const note = (change: FileChange) => (conflicted.has(displayPath(change, cwd)) ? '(changed since the agent left it)' : undefined);
    lines.push(`  files: ${summarizeFileChanges(files.restored)}`, ...formatFileChanges({ changes: files.restored, cwd, indent: '    ', note, max: PREVIEW_FILES }));
    if (files.kept.length > 0) lines.push(`  kept as they are: ${summarizeFileChanges(files.kept)}`, ...formatFileChanges({ changes: files.kept, cwd, indent: '    ' }));
    if (conflicted.size > 0) lines.push(`  changed since the agent left them (conflicts): ${[...conflicted].join(', ')}`);
  }
  if (options.conversation) lines.push(`  conversation: goes on in a new session forked before turn ${checkpoint.turn}'s reply${result.prompt === undefined ? '' : ', without the prompt it answered'}`);
  if (options.patch !== undefined) {
    if (options.patch !== '') lines.push('', options.patch.trimEnd());
    lines.push('', 'Dry run: nothing was changed.');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * What a rewind did, and how to go on: the `codev run` to type where codev rewind ran, with `--cwd
 * projectRoot` when given (the session's project is not the one around `cwd`).
 */
export function formatRewindOutcome(options: { result: RewindResult; cwd: string; script?: string; projectRoot?: string }): string {
  const { result, cwd } = options;
  // The transcript does not say which script ran the session: agent.ts when the project has one, else a placeholder
  // (a command naming a script that is not there fails as printed).
  const script = options.script ?? (existsSync(path.resolve(options.projectRoot ?? cwd, 'agent.ts')) ? 'agent.ts' : '<script>');
  const where = options.projectRoot === undefined ? '' : ` --cwd ${shellWord(options.projectRoot)}`;
  const lines: string[] = [];
  if (result.files) {
    lines.push(result.files.restored.length === 0 ? 'No file needed to go back.' : `Restored ${summarizeFileChanges(result.files.restored)}.`);
    if (result.files.kept.length > 0) lines.push(`Kept as they are: ${result.files.kept.map((change) => displayPath(change, cwd)).join(', ')}.`);
  }
  if (result.undone) lines.push(`Undid the rewind to turn ${result.undone.turn}; the conversation is unchanged (codev rewind --undo again undoes this undo).`);
  if (result.forkedFrom !== undefined) {
    lines.push(`The conversation went back to before turn ${result.checkpoint.turn}'s reply, in the new session ${result.sessionId} (${result.forkedFrom} is kept as it was).`);
    // codev run needs a prompt, also after a turn on tool results (it follows them as a new user message).
    lines.push(`Go on with: codev run ${script} --resume ${result.sessionId}${where} "your prompt"${script === '<script>' ? ' (<script>: the agent script the session ran)' : ''}`);
  }
  if (result.prompt !== undefined) lines.push(`Left out, the prompt turn ${result.checkpoint.turn} answered (send it again or change it): ${oneLine(result.prompt, PROMPT)}`);
  return `${lines.join('\n')}\n`;
}

/** `word` as a shell reads it back: as it is when it is plain, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`;
}
