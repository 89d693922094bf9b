import type { FleetEvent } from '../../fleet/types.ts';
import { applyWatchEvent, type WatchedJob } from './apply-watch-event.ts';
import { createLiveArea } from './create-live-area.ts';
import { formatWatchTable } from './format-watch-table.ts';

/** Where `codev queue watch` shows the events of its jobs. */
export interface WatchDisplay {
  show(jobId: string, event: FleetEvent): void;
  /** The last drawing; nothing is written after. */
  finish(): void;
}

/** At most ten redraws a second, and one a second for the clocks when nothing happens. */
const REDRAW_MS = 100;
const CLOCK_MS = 1_000;

/**
 * Keeps `jobs` up to date from their events. On a terminal (`columns` given): a table of them, one row
 * each, redrawn in place as their events come. Otherwise one JSON object per event and line, `{"jobId": ..., "event": {...}}`, every event (text deltas too,
 * as `codev run --output-format stream-json` prints them), for a program to read.
 */
export function createWatchDisplay(options: { jobs: readonly WatchedJob[]; write: (text: string) => void; columns?: () => number; command?: (words: string) => string }): WatchDisplay {
  const { jobs, write, columns, command } = options;
  // The jobs are kept up to date either way: the command tells, after the watch, what parked jobs wait on.
  const byId = new Map(jobs.map((job) => [job.id, job]));
  const apply = (jobId: string, event: FleetEvent) => {
    const job = byId.get(jobId);
    if (job) applyWatchEvent({ job, event, now: Date.now() });
  };
  if (!columns) {
    return {
      show(jobId, event) {
        apply(jobId, event);
        write(`${JSON.stringify({ jobId, event })}\n`);
      },
      finish: () => {},
    };
  }
  const area = createLiveArea({ write, intervalMs: REDRAW_MS, lines: () => formatWatchTable({ jobs, now: Date.now(), columns: columns(), ...(command && { command }) }) });
  const clock = setInterval(() => area.invalidate(), CLOCK_MS);
  area.invalidate();
  return {
    show(jobId, event) {
      apply(jobId, event);
      area.invalidate();
    },
    finish() {
      clearInterval(clock);
      area.finish();
    },
  };
}
