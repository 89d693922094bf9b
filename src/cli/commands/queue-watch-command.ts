import type { Fleet } from '../../fleet/types.ts';
import { QUEUE_HELP } from '../help.ts';
import { parseCommandLine } from '../parse-command-line.ts';
import { watchedJob, type WatchedJob } from '../render/apply-watch-event.ts';
import { createWatchDisplay } from '../render/create-watch-display.ts';
import { followJobs, type FollowOutcome } from './follow-jobs.ts';
import { stopOnSignals } from './stop-on-signals.ts';
import { FLEET_TARGET_OPTIONS, resolveFleetTarget, type FleetTarget } from './resolve-fleet-target.ts';
import type { CommandIo } from './types.ts';
import { withFleet } from './with-fleet.ts';
import { hasRedisPassword, PASSWORD_NOTE, queueCommandLine } from './queue-command-line.ts';

const DEFAULT_COLUMNS = 100;

/**
 * `codev queue watch [ids...]`: follows the jobs (every job unfinished when it starts, however many, when
 * none is named) until each has ended or parked, all of them over one blocking Redis connection. Exit 0 all completed, 1 one failed, was cancelled or is unknown, 3 one waits for
 * approval, 130 stopped by Ctrl-C, 143 by SIGTERM (the jobs go on).
 */
export async function queueWatchCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const { values, positionals } = parseCommandLine(argv, FLEET_TARGET_OPTIONS);
  if (values.help) {
    io.stdout(QUEUE_HELP);
    return 0;
  }
  const target = await resolveFleetTarget({ redis: values.redis, queue: values.queue, cwd: values.cwd ?? io.cwd, env: io.env });
  return withFleet(target, (fleet) => watch({ fleet, target, ids: positionals, io }));
}

async function watch(options: { fleet: Fleet; target: FleetTarget; ids: readonly string[]; io: CommandIo }): Promise<number> {
  const { fleet, io } = options;
  const stop = stopOnSignals(io);
  const command = (words: string) => queueCommandLine(options.target, words);
  try {
    const streams = await fleet.watch({ ...(options.ids.length > 0 && { ids: options.ids }), signal: stop.signal });
    const ids = streams.jobIds;
    if (ids.length === 0) {
      io.stderr(`codev queue watch: no unfinished jobs in queue "${options.target.queue}"\n`);
      return 0;
    }
    const jobs = await watchedJobs({ fleet, ids });
    const known = new Set(jobs.map((job) => job.id));
    for (const id of ids.filter((id) => !known.has(id))) {
      io.stderr(`codev queue watch: JOB_NOT_FOUND: no job ${id} in queue "${options.target.queue}"\n`);
      streams.forget(id);
    }
    const display = createWatchDisplay({ jobs, write: io.stdout, command, ...(io.isTTY && { columns: () => io.columns || DEFAULT_COLUMNS }) });
    let outcomes: Map<string, FollowOutcome>;
    try {
      outcomes = await followJobs({ fleet, streams, signal: stop.signal, onEvent: (jobId, event) => display.show(jobId, event) });
    } finally {
      display.finish();
    }
    const followed = jobs.map((job) => outcomes.get(job.id)!);
    // Whole, on a terminal too: the table cuts its lines to the terminal's width.
    for (const job of jobs) for (const call of job.waiting) io.stderr(`codev queue watch: job ${job.id} waits on ${call.toolName}: ${command(`approve ${job.id} ${call.toolUseId}`)} (or: ${command(`deny ${job.id} ${call.toolUseId}`)})${hasRedisPassword(options.target) ? PASSWORD_NOTE : ''}\n`);
    io.stderr(`codev queue watch: ${summary(followed)}\n`);
    if (stop.exitCode !== undefined) return stop.exitCode;
    if (jobs.length < ids.length || followed.some((outcome) => outcome === 'failed' || outcome === 'cancelled')) return 1;
    return followed.includes('parked') ? 3 : 0;
  } finally {
    stop.dispose();
  }
}

/** The jobs to follow: those `status` knows (a job cancelled while it waited included, though BullMQ dropped it). */
async function watchedJobs(options: { fleet: Fleet; ids: readonly string[] }): Promise<WatchedJob[]> {
  const { jobs } = await options.fleet.status({ ids: options.ids, promptBytes: 0 });
  const now = Date.now();
  return options.ids.flatMap((id) => {
    const summary = jobs.find((job) => job.id === id);
    return summary ? [watchedJob({ id, state: summary.state, since: Date.parse(summary.submittedAt) || now })] : [];
  });
}

function summary(outcomes: readonly FollowOutcome[]): string {
  const counts = new Map<FollowOutcome, number>();
  for (const outcome of outcomes) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
  return [...counts].map(([outcome, count]) => `${count} ${outcome === 'stopped' ? 'still running (watch stopped)' : outcome}`).join(', ') || 'nothing to watch';
}
