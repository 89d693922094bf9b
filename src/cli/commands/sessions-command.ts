import type Anthropic from '@anthropic-ai/sdk';
import { projectSessionStore } from '../../agent/project-session-store.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { suggestKey } from '../../errors/suggest-key.ts';
import { oneLine, toolResultText } from '../../transcripts/message-text.ts';
import { resolveSessionId } from '../../transcripts/resolve-session-id.ts';
import type { LoadedTranscript, SkippedSession, SessionSummary } from '../../transcripts/types.ts';
import { SESSIONS_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { formatLocalTime } from '../render/format-local-time.ts';
import { formatTable } from '../render/format-table.ts';
import { sessionsPruneCommand } from './sessions-prune-command.ts';
import { forgetSessionCheckpoints } from '../../agent/rewind/forget-session-checkpoints.ts';
import { sessionsUnlockCommand } from './sessions-unlock-command.ts';
import type { CommandIo } from './types.ts';

const PREVIEW = 100;
/** How many skipped files a listing names on stderr (the others are counted). */
const NAMED_SKIPS = 10;
const PRUNE_OPTIONS = ['older-than', 'keep', 'yes'] as const;

/** `codev sessions [show|rm|unlock ID|prune]`: the saved sessions of the project. A session id may be a unique prefix. */
export async function sessionsCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, { json: { type: 'boolean' }, all: { type: 'boolean' }, 'older-than': { type: 'string' }, keep: { type: 'string' }, yes: { type: 'boolean' }, force: { type: 'boolean' } });
  if (values.help) {
    io.stdout(SESSIONS_HELP);
    return 0;
  }
  const [action, given, ...extra] = positionals;
  const misplaced = PRUNE_OPTIONS.find((option) => values[option] !== undefined);
  if (misplaced && action !== 'prune') throw new CodevError('CLI_USAGE', `--${misplaced} is an option of codev sessions prune`);
  if (values.force && action !== 'unlock') throw new CodevError('CLI_USAGE', '--force is an option of codev sessions unlock only');
  const cwd = values.cwd ?? io.cwd;
  const store = await projectSessionStore({ cwd });
  if (action === undefined || action === 'list') {
    const skipped: SkippedSession[] = [];
    // Subagents' sessions belong to their parent's: listed with --all (and under `show` of the parent).
    const sessions = (await store.list({ onSkip: (entry) => skipped.push(entry) })).filter((session) => values.all || session.parentSessionId === undefined);
    reportSkipped(skipped, io);
    io.stdout(values.json ? `${JSON.stringify(sessions, null, 2)}\n` : sessions.length === 0 ? 'No sessions yet: `codev run agent.ts` saves one per run.\n' : formatList(sessions));
    return 0;
  }
  if (action === 'prune') {
    if (given !== undefined) throw new CodevError('CLI_USAGE', 'codev sessions prune takes no session id', { hint: 'codev sessions rm ID removes one session' });
    return sessionsPruneCommand({ flags: values, store, cwd, io });
  }
  if (action !== 'show' && action !== 'rm' && action !== 'unlock') throw new CodevError('CLI_USAGE', `Unknown sessions command "${action}"${didYouMean(action)}`, { hint: 'use codev sessions, codev sessions show ID, codev sessions rm ID, codev sessions unlock ID or codev sessions prune' });
  if (given === undefined || extra.length > 0) throw new CodevError('CLI_USAGE', `codev sessions ${action} takes one session id`, { hint: 'codev sessions lists the ids' });
  const id = await resolveSessionId({ store, id: given });
  if (action === 'unlock') return sessionsUnlockCommand({ store, id, force: values.force, json: values.json, io });
  if (action === 'rm') {
    await store.delete(id);
    await forgetSessionCheckpoints({ sessionIds: [id], cwd });
    io.stdout(`Removed session ${id}\n`);
    return 0;
  }
  const transcript = await store.read(id);
  const subagents = (await store.list()).filter((session) => session.parentSessionId === id);
  io.stdout(values.json ? `${JSON.stringify({ ...transcript, subagentSessions: subagents.map((session) => session.id) }, null, 2)}\n` : formatTranscript(transcript, subagents));
  return 0;
}

/** Names on stderr what the listing left out (a FIFO, a damaged file...), so that it is never silent. */
function reportSkipped(skipped: readonly SkippedSession[], io: CommandIo): void {
  if (skipped.length === 0) return;
  const named = skipped.slice(0, NAMED_SKIPS).map((entry) => `  ${entry.id}.jsonl: ${entry.reason}\n`);
  const more = skipped.length > NAMED_SKIPS ? `  and ${skipped.length - NAMED_SKIPS} more\n` : '';
  io.stderr(`codev sessions: skipped ${skipped.length} file(s) that are not sessions (remove them from .codev/sessions/):\n${named.join('')}${more}`);
}

function formatList(sessions: readonly SessionSummary[]): string {
  const rows = sessions.map((session) => [session.id, formatLocalTime(session.createdAt), String(session.turns), `${tokens(session.inputTokens)}/${tokens(session.outputTokens)}`, session.lastPrompt ?? '']);
  return `${formatTable(['ID', 'STARTED', 'TURNS', 'TOKENS IN/OUT', 'LAST PROMPT'], rows).join('\n')}\n`;
}

function formatTranscript(transcript: LoadedTranscript, subagents: readonly SessionSummary[]): string {
  const { metadata, messages, problems } = transcript;
  const lines = [
    `session ${metadata.id}`,
    `  started ${formatLocalTime(metadata.createdAt)} in ${metadata.cwd}, model ${metadata.model}${metadata.permissionMode ? `, mode ${metadata.permissionMode}` : ''}, codev ${metadata.codevVersion}`,
    ...(metadata.forkedFrom ? [`  forked from ${metadata.forkedFrom.sessionId}${metadata.forkedFrom.messageUuid ? ` at ${metadata.forkedFrom.messageUuid}` : ''}`] : []),
    ...problems.map((problem) => `  line ${problem.line} skipped: ${problem.message}`),
    ...subagents.map((session) => `  subagent session ${session.id}: ${session.firstPrompt ?? ''}`),
    '',
    ...messages.map((entry) => `${entry.uuid}  ${entry.message.role.padEnd(9)}  ${describe(entry.message)}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** One line per message: its text, tool calls and results, each shortened. */
function describe(message: Anthropic.MessageParam): string {
  if (typeof message.content === 'string') return oneLine(message.content, PREVIEW);
  return message.content
    .map((block) => {
      if (block.type === 'text') return oneLine(block.text, PREVIEW);
      if (block.type === 'tool_use') return `[${block.name} ${oneLine(JSON.stringify(block.input), PREVIEW)}]`;
      if (block.type === 'tool_result') return `[result${block.is_error ? ' (error)' : ''}: ${oneLine(toolResultText(block), PREVIEW)}]`;
      return `<${block.type}>`;
    })
    .join(' ');
}

function tokens(count: number): string {
  return count >= 10_000 ? `${Math.round(count / 1000)}k` : String(count);
}

/** `. Did you mean "show"?` for a near miss of a sessions action, else nothing. */
function didYouMean(action: string): string {
  const meant = suggestKey({ key: action, candidates: ['show', 'rm', 'unlock', 'prune'] });
  return meant === undefined ? '' : `. Did you mean "${meant}"?`;
}
