import { loadConfig } from '../../config/load-config.ts';
import { CodevError } from '../../errors/codev-error.ts';
import type { CleanedJob } from '../../fleet/types.ts';
import { QUEUE_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { durationOption } from './duration-option.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget } from './resolve-fleet-target.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';

/** A progress line on stderr every this many jobs (and at the end). */
const PROGRESS_EVERY = 100;

/** The options of `codev queue clean` (with the common ones: see `parseCommandLine`). */
export const QUEUE_CLEAN_OPTIONS = { ...FLEET_TARGET_OPTIONS, 'older-than': { type: 'string' }, 'dry-run': { type: 'boolean' }, 'workspace-root': { type: 'string' } } as const;

/**
 * `codev queue clean [--older-than 7d] [--dry-run] [--workspace-root DIR]`: removes the ended jobs older than
 * the retention (`--older-than`, else the config's `fleet.retention`, else 7 days) (sessions, hidden refs, events and state, BullMQ's record, local checkouts), one line per job
 * on stdout, progress on stderr. Exit 0 all removed, 1 something could not be (said per job; run it again),
 * 130/143 stopped by a signal (what was removed stays removed).
 */
export async function queueCleanCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, QUEUE_CLEAN_OPTIONS);
  if (values.help) {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  if (positionals.length > 0) throw new CodevError('CLI_USAGE', `Unexpected arguments: ${positionals.join(' ')}`, { hint: 'codev queue clean [--older-than 7d] [--dry-run]' });
  const cwd = values.cwd ?? io.cwd;
  // The config's retention when no --older-than is given (the schema checked its form).
  const olderThanMs = durationOption('older-than', values['older-than'] ?? (await loadConfig({ cwd })).config.fleet?.retention);
  const dryRun = values['dry-run'] === true;
  const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd, env: io.env });
  const stop = stopOnSignals(io);
  try {
    const report = await withFleet(target, (fleet) =>
      fleet.clean({
        ...(olderThanMs !== undefined && { olderThanMs }),
        dryRun,
        ...(values['workspace-root'] !== undefined && { workspaceRoot: values['workspace-root'] }),
        signal: stop.signal,
        onProgress: ({ done, total, job }) => {
          io.stdout(`${lineOf(job, dryRun)}\n`);
          if (done % PROGRESS_EVERY === 0 || done === total) io.stderr(`codev queue clean: ${done} of ${total} ended job(s)${dryRun ? ' looked at' : ' cleaned'}\n`);
        },
      }),
    );
    for (const session of report.sessions) io.stdout(`${dryRun ? 'would clean' : 'cleaned'} session ${session} (no kept job names it)\n`);
    const failed = report.jobs.filter((job) => job.problems.length > 0);
    for (const job of failed) for (const problem of job.problems) io.stderr(`codev queue clean: job ${job.jobId}: ${problem}\n`);
    for (const problem of report.problems) io.stderr(`codev queue clean: ${problem}\n`);
    const removed = `${report.jobs.length - failed.length} ended job(s) and ${report.sessions.length} other old session(s)`;
    io.stderr(`codev queue clean: ${dryRun ? 'would remove' : 'removed'} ${removed} in queue "${target.queue}"; ${report.kept} younger job(s) kept${failed.length + report.problems.length > 0 ? '; some parts were not removed (run it again)' : ''}\n`);
    if (stop.exitCode !== undefined) return stop.exitCode;
    return failed.length + report.problems.length > 0 ? 1 : 0;
  } finally {
    stop.dispose();
  }
}

function lineOf(job: CleanedJob, dryRun: boolean): string {
  const parts = [job.session && `session ${job.session}`, job.refs > 0 && `${job.refs} ref(s)`, job.checkout && 'checkout'].filter(Boolean);
  return `${dryRun ? 'would clean' : 'cleaned'} ${job.jobId}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}
