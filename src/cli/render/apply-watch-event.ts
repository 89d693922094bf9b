import type { FleetEvent, JobLifeEvent } from '../../fleet/types.ts';
import { oneLine } from '../../transcripts/message-text.ts';

type ParkedCall = Extract<JobLifeEvent, { type: 'job-parked' }>['waiting'][number];

/** What `codev queue watch` shows of one job, kept up to date from its events. */
export interface WatchedJob {
  id: string;
  /** `waiting` until a worker starts it, then `running`, `retrying`, `rate-limited`, `parked`, or how it ended. */
  state: string;
  /** Completed turns. */
  turn: number;
  /** The last tool call, or the end of the model's latest text. */
  last: string;
  costUsd: number | null;
  /** When it was submitted (ms since the epoch), for the elapsed column. */
  since: number;
  /** When it ended, which stops its clock. */
  endedAt?: number;
  /** The calls a parked job waits on. */
  waiting: readonly ParkedCall[];
  /** The spending of earlier attempts: an attempt's `usage` events count from zero. */
  earlierCostUsd: number | null;
  /** The text the model is writing now (since its last tool call). */
  text: string;
}

const SNIPPET = 200;

/** A job as it is before any of its events. */
export function watchedJob(options: { id: string; state?: string; since: number }): WatchedJob {
  return { id: options.id, state: options.state ?? 'waiting', turn: 0, last: '', costUsd: 0, since: options.since, waiting: [], earlierCostUsd: 0, text: '' };
}

/** Applies one of the job's events; `now` stamps its end. */
export function applyWatchEvent(options: { job: WatchedJob; event: FleetEvent; now: number }): void {
  const { job, event } = options;
  switch (event.type) {
    case 'job-start':
      Object.assign(job, { state: 'running', waiting: [], earlierCostUsd: job.costUsd, text: '' });
      return;
    case 'job-checkpoint':
      job.turn = Math.max(job.turn, event.turn);
      return;
    case 'text-delta':
      job.text = (job.text + event.text).slice(-SNIPPET * 4);
      job.last = tailLine(job.text);
      return;
    case 'text':
      job.text = '';
      job.last = tailLine(event.text);
      return;
    case 'tool-call':
      job.text = '';
      job.last = `${event.toolName} ${oneLine(JSON.stringify(event.input) ?? '', SNIPPET)}`;
      return;
    case 'usage':
      job.costUsd = event.totalCostUsd === null || job.earlierCostUsd === null ? null : job.earlierCostUsd + event.totalCostUsd;
      return;
    case 'error':
      job.last = oneLine(event.error.message, SNIPPET);
      return;
    case 'job-retry':
      Object.assign(job, { state: event.reason === 'rate-limited' ? 'rate-limited' : 'retrying', last: oneLine(event.message, SNIPPET) });
      return;
    case 'job-parked':
      Object.assign(job, { state: 'parked', waiting: event.waiting });
      return;
    case 'job-end': {
      const { result } = event;
      Object.assign(job, { state: result.status, turn: result.turns, costUsd: result.costUsd, endedAt: options.now, waiting: [] });
      const said = result.error?.message ?? result.text;
      if (said !== undefined) job.last = oneLine(said, SNIPPET);
      return;
    }
    default:
      return;
  }
}

/** The last line the model wrote (what it is on now), on one line. */
function tailLine(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return oneLine(lines.at(-1) ?? '', SNIPPET);
}
