import type { AgentEvent } from '../../agent/types.ts';
import type { FleetJobResult } from '../types.ts';
import type { JobState } from './job-state.ts';

/**
 * A job's result as its state tells it (turns and spending over every attempt, its session), with the
 * agent's last answer when the attempt got that far, or the error it failed with.
 */
export function jobResultOf(options: {
  jobId: string;
  state: JobState;
  attempts: number;
  status: FleetJobResult['status'];
  end?: Extract<AgentEvent, { type: 'end' }>;
  text?: string;
  error?: FleetJobResult['error'];
}): FleetJobResult {
  const { end, state } = options;
  return {
    jobId: options.jobId,
    status: options.status,
    ...(options.text !== undefined && { text: options.text }),
    ...(end?.output !== undefined && { output: end.output }),
    ...(end && { endReason: end.reason, usage: end.usage }),
    turns: state.turn,
    costUsd: state.spentUsd,
    ...(state.sessionId && { sessionId: end?.sessionId ?? state.sessionId }),
    attempts: options.attempts,
    ...(options.error && { error: options.error }),
  };
}
