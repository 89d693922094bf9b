import type { JobSummary } from '../../fleet/types.ts';
import { oneLine } from '../../transcripts/message-text.ts';
import { QUEUE_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { formatCost } from '../render/format-cost.ts';
import { formatTable } from '../render/format-table.ts';
import { positiveIntegerOption } from './number-options.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget } from './resolve-fleet-target.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';

const SNIPPET = 60;
/** The bytes of each prompt the table reads for its snippet (SNIPPET characters of up to 4 bytes), not the whole prompt; --json gives it whole. */
const PROMPT_BYTES = SNIPPET * 4 + 4;

/** The options of `codev queue status` (with the common ones: see `parseCommandLine`). */
export const QUEUE_STATUS_OPTIONS = { ...FLEET_TARGET_OPTIONS, json: { type: 'boolean' }, limit: { type: 'string' } } as const;

/** `codev queue status [ids...] [--json]`: the jobs per state, and a table of the jobs (or the named ones). */
export async function queueStatusCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals: ids } = parseCommandLine(argv, QUEUE_STATUS_OPTIONS);
  if (values.help) {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  const limit = positiveIntegerOption('limit', values.limit);
  const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd: values.cwd ?? io.cwd, env: io.env });
  // Jobs cancelled while waiting are listed too, though BullMQ dropped them: an id status does not know is no job.
  const { counts, jobs } = await withFleet(target, (fleet) => fleet.status({ ...(ids.length > 0 && { ids }), ...(limit !== undefined && { limit }), ...(!values.json && { promptBytes: PROMPT_BYTES }) }));
  const missing = ids.filter((id) => !jobs.some((job) => job.id === id));
  for (const id of missing) io.stderr(`codev queue status: JOB_NOT_FOUND: no job ${id} in queue "${target.queue}"\n`);
  if (values.json) {
    io.stdout(`${JSON.stringify({ counts, jobs }, null, 2)}\n`);
    return missing.length > 0 ? 1 : 0;
  }
  const countsLine = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([state, count]) => `${state} ${count}`)
    .join(', ');
  io.stdout(`queue "${target.queue}": ${countsLine || 'empty'}\n`);
  // Rewound jobs say where they started; the column is there only when one is listed.
  const rewound = jobs.some((job) => job.rewoundFrom);
  const headings = ['ID', 'STATE', 'TURN', 'ATTEMPTS', 'COST', 'PROMPT', 'ERROR', ...(rewound ? ['REWOUND FROM'] : [])];
  if (jobs.length > 0) io.stdout(`\n${formatTable(headings, jobs.map((job) => [...row(job), ...(rewound ? [job.rewoundFrom ? `${job.rewoundFrom.jobId} turn ${job.rewoundFrom.turn}` : ''] : [])])).join('\n')}\n`);
  return missing.length > 0 ? 1 : 0;
}

function row(job: JobSummary): string[] {
  return [job.id, job.state, String(job.turn), String(job.attempts), formatCost(job.costUsd), oneLine(job.prompt, SNIPPET), oneLine(job.error ?? '', SNIPPET)];
}
