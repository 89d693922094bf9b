import type { FleetJobData } from '../job/fleet-job-data.ts';
import type { JobState } from '../job/job-state.ts';

/**
 * The state a job's attempt starts from. A rewound job (`fleet.rewind`) whose own session has not started
 * yet starts from the checkpoint it was rewound to, as an attempt resumed there does: the old job's session
 * and message, turn and commit, and the old job's checkout folders, which that session names. `rewinding` is
 * true then (the fork is this job's first; with `sendPrompt`, its prompt goes on from there).
 */
export function rewoundStart(options: { state: JobState; data: FleetJobData }): { state: JobState; rewinding: boolean } {
  const { state } = options;
  const from = options.data.rewoundFrom;
  if (!from || state.sessionId !== undefined) return { state, rewinding: false };
  return {
    state: { ...state, sessionId: from.sessionId, messageUuid: from.messageUuid, turn: from.turn, ...(from.commit && { commit: from.commit }), ...(from.checkouts && { checkouts: from.checkouts }) },
    rewinding: true,
  };
}
