import type { Fleet, JobSummary } from '../../fleet/types.ts';
import { oneLine } from '../../transcripts/message-text.ts';
import { QUEUE_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { formatCost } from '../render/format-cost.ts';
import { formatTable } from '../render/format-table.ts';
import { positiveIntegerOption } from './number-options.ts';
import { readJobEnding } from './read-job-ending.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget } from './resolve-fleet-target.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';

const SNIPPET = 60;

/** `codev queue status [ids...] [--json]`: the jobs per state, and a table of the jobs (or the named ones). */
export async function queueStatusCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals: ids } = parseCommandLine(argv, { ...FLEET_TARGET_OPTIONS, json: { type: 'boolean' }, limit: { type: 'string' } });
  if (values.help) {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  const limit = positiveIntegerOption('limit', values.limit);
  const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd: values.cwd ?? io.cwd, env: io.env });
  const { counts, jobs, missing } = await withFleet(target, async (fleet) => {
    const status = await fleet.status({ ...(ids.length > 0 && { ids }), ...(limit !== undefined && { limit }) });
    const ended = await endedElsewhere({ fleet, ids: ids.filter((id) => !status.jobs.some((job) => job.id === id)) });
    return { counts: status.counts, jobs: [...status.jobs, ...ended.jobs], missing: ended.missing };
  });
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
  if (jobs.length > 0) io.stdout(`\n${formatTable(['ID', 'STATE', 'TURN', 'ATTEMPTS', 'COST', 'PROMPT', 'ERROR'], jobs.map(row)).join('\n')}\n`);
  return missing.length > 0 ? 1 : 0;
}

function row(job: JobSummary): string[] {
  return [job.id, job.state, String(job.turn), String(job.attempts), formatCost(job.costUsd), oneLine(job.prompt, SNIPPET), oneLine(job.error ?? '', SNIPPET)];
}

/**
 * The named jobs the queue no longer has, as summaries from how their streams say they ended (a job cancelled
 * before it started is removed from the queue); the ids with no ending either are missing.
 */
async function endedElsewhere(options: { fleet: Fleet; ids: readonly string[] }): Promise<{ jobs: JobSummary[]; missing: string[] }> {
  const endings = await Promise.all(options.ids.map((jobId) => readJobEnding({ fleet: options.fleet, jobId })));
  const jobs: JobSummary[] = [];
  const missing: string[] = [];
  endings.forEach((result, index) => {
    if (!result) return void missing.push(options.ids[index]!);
    jobs.push({ id: result.jobId, state: result.status, prompt: '', script: '', turn: result.turns, attempts: result.attempts, costUsd: result.costUsd, submittedAt: '', ...(result.error && { error: result.error.message }) });
  });
  return { jobs, missing };
}
