import { oneLine } from '../../transcripts/message-text.ts';
import type { WatchedJob } from './apply-watch-event.ts';
import { formatCost } from './format-cost.ts';
import { formatElapsed } from './format-elapsed.ts';
import { formatTable } from './format-table.ts';

const SHORT_ID = 8;

/**
 * The lines of `codev queue watch` on a terminal: one row per job (short id, state, turn, last tool or
 * text, cost, elapsed), each parked job followed by the calls it waits on and the exact command that
 * answers each (`command` makes a `codev queue` command line of its words: the queue and Redis it needs). Every line is cut to `columns`, so none wraps (a wrapped line would break redrawing in place).
 */
export function formatWatchTable(options: { jobs: readonly WatchedJob[]; now: number; columns: number; command?: (words: string) => string }): string[] {
  const { jobs, now, columns } = options;
  const command = options.command ?? ((words: string) => `codev queue ${words}`);
  const rows = jobs.map((job) => [job.id.slice(0, SHORT_ID), job.state, String(job.turn), formatCost(job.costUsd), formatElapsed((job.endedAt ?? now) - job.since), job.last]);
  const [header, ...lines] = formatTable(['JOB', 'STATE', 'TURN', 'COST', 'ELAPSED', 'LAST'], rows);
  const output = [header!];
  jobs.forEach((job, index) => {
    output.push(lines[index]!);
    for (const call of job.waiting) {
      output.push(`    waits: ${call.toolName} ${oneLine(JSON.stringify(call.input) ?? '', 80)}`);
      output.push(`      ${command(`approve ${job.id} ${call.toolUseId}`)}   (or: ${command(`deny ${job.id} ${call.toolUseId}`)})`);
    }
  });
  return output.map((line) => cut(line, columns));
}

function cut(line: string, columns: number): string {
  return line.length > columns ? `${line.slice(0, Math.max(columns - 1, 0))}…` : line;
}
