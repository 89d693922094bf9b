import { loadConfig } from '../../config/load-config.ts';
import { CodevError } from '../../errors/codev-error.ts';
import { formatBytes } from '../../files/format-bytes.ts';
import { AGE_FORMAT, parseAge } from '../../transcripts/parse-age.ts';
import { pruneStore } from '../../transcripts/prune-store.ts';
import { forgetSessionCheckpoints, prunedSessionIds } from '../../agent/rewind/forget-session-checkpoints.ts';
import type { PruneSessionsResult, SessionRetention, SessionStore } from '../../transcripts/types.ts';
import { formatLocalTime } from '../render/format-local-time.ts';
import { formatTable } from '../render/format-table.ts';
import type { CommandIo } from './types.ts';

/** The options of `codev sessions prune`, as parsed. */
export interface PruneFlags {
  'older-than'?: string;
  keep?: string;
  yes?: boolean;
  json?: boolean;
}

/**
 * `codev sessions prune [--older-than AGE] [--keep N] [--yes] [--json]`: without `--yes` only lists what it
 * would remove and how to remove it; with it, removes those sessions (their tool results and subagents'
 * sessions with them, never one an agent has open) and says what it freed. The rules come from the flags,
 * else from the config's `sessions.retention`. Exits 1 when a session could not be removed.
 */
export async function sessionsPruneCommand(options: { flags: PruneFlags; store: SessionStore; cwd: string; io: CommandIo }): Promise<number> {
  const { flags, store, cwd, io } = options;
  const rules = await pruneRules(flags, cwd);
  const result = await pruneStore({ store, ...rules, dryRun: !flags.yes });
  await forgetSessionCheckpoints({ sessionIds: prunedSessionIds(result), cwd: options.cwd });
  if (flags.json) io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  else io.stdout(formatResult(result, rules));
  return result.failed.length > 0 ? 1 : 0;
}

async function pruneRules(flags: PruneFlags, cwd: string): Promise<SessionRetention> {
  const rules: SessionRetention = {};
  if (flags['older-than'] !== undefined) {
    if (parseAge(flags['older-than']) === undefined) throw new CodevError('CLI_USAGE', `--older-than ${flags['older-than']} is not an age`, { hint: `give ${AGE_FORMAT}` });
    rules.olderThan = flags['older-than'];
  }
  if (flags.keep !== undefined) {
    if (!/^\d{1,9}$/.test(flags.keep)) throw new CodevError('CLI_USAGE', `--keep ${flags.keep} is not a count of sessions`, { hint: 'give a whole number, 0 or more' });
    rules.keep = Number(flags.keep);
  }
  if (rules.olderThan !== undefined || rules.keep !== undefined) return rules;
  const retention = (await loadConfig({ cwd })).config.sessions?.retention;
  if (retention) return retention;
  throw new CodevError('CLI_USAGE', 'codev sessions prune needs --older-than AGE, --keep N or both (or sessions.retention in the config)', { hint: 'e.g. codev sessions prune --older-than 30d --keep 100' });
}

function formatResult(result: PruneSessionsResult, rules: SessionRetention): string {
  const which = [rules.olderThan !== undefined && `last written more than ${rules.olderThan} ago`, rules.keep !== undefined && `past the ${rules.keep} most recent`].filter(Boolean).join(', ');
  if (result.removed.length === 0 && result.busy.length === 0 && result.failed.length === 0) return `No session to remove (none ${which}).\n`;
  const rows = result.removed.map((session) => [session.id, formatLocalTime(session.writtenAt), session.bytes === undefined ? '' : formatBytes(session.bytes), session.subagents.length > 0 ? `+${session.subagents.length} subagent session(s)` : '']);
  const table = rows.length > 0 ? `${formatTable(['ID', 'LAST WRITTEN', 'SIZE', ''], rows).join('\n')}\n` : '';
  const subagents = result.removed.reduce((sum, session) => sum + session.subagents.length, 0);
  const count = `${result.removed.length} session(s)${subagents > 0 ? ` and ${subagents} subagent session(s) with them` : ''}`;
  if (result.dryRun) return `Would remove ${count}, ${which}:\n${table}Nothing was removed: run the same command with --yes to remove them.\n`;
  const lines: string[] = [];
  if (result.busy.length > 0) lines.push(`Kept ${result.busy.length} session(s) an agent has open: ${result.busy.join(', ')}`);
  for (const failure of result.failed) lines.push(`Could not remove ${failure.id}: ${failure.message}`);
  return `Removed ${count}, ${which}; freed ${formatBytes(result.bytes)}${table ? ':' : '.'}\n${table}${lines.map((line) => `${line}\n`).join('')}`;
}
