import type { FleetEvent, JobSummary } from '../../../fleet/types.ts';
import type { UiJobRow } from '../../types.ts';

/** What a job's events say of it live, beyond its summary: its last tool, its worker, its last checkpointed turn. */
export interface JobProgress {
  lastTool?: string;
  worker?: string;
  turn?: number;
}

/** Folds one event into a job's progress; true when it changed what a row shows. */
export function applyProgress(progress: JobProgress, event: FleetEvent): boolean {
  if (event.type === 'tool-call' && progress.lastTool !== event.toolName) progress.lastTool = event.toolName;
  else if (event.type === 'job-start' && progress.worker !== event.worker) progress.worker = event.worker;
  else if (event.type === 'job-checkpoint' && (progress.turn ?? 0) < event.turn) progress.turn = event.turn;
  else return false;
  return true;
}

/** The progress a job's latest events show. */
export function progressOf(events: readonly FleetEvent[]): JobProgress {
  const progress: JobProgress = {};
  for (const event of events) applyProgress(progress, event);
  return progress;
}

/** A job's row: its summary (as `codev queue status` shows it), with its live progress. */
export function jobRowOf(summary: JobSummary, progress: JobProgress = {}): UiJobRow {
  return {
    id: summary.id,
    state: summary.state,
    prompt: summary.prompt,
    script: summary.script,
    turn: Math.max(summary.turn, progress.turn ?? 0),
    attempts: summary.attempts,
    costUsd: summary.costUsd,
    submittedAt: summary.submittedAt,
    ...(progress.lastTool !== undefined && { lastTool: progress.lastTool }),
    ...(progress.worker !== undefined && { worker: progress.worker }),
    ...(summary.error !== undefined && { error: summary.error }),
    ...(summary.rewoundFrom && { rewoundFrom: summary.rewoundFrom }),
  };
}
