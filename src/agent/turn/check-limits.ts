import type { TurnStage } from './types.ts';

/**
 * Stage 1: a turn starts only while the query is not aborted and has turns left (`maxTurns`). The budget
 * and the token limit are checked where each request is made (`holdTurnRequest`, compaction's summary).
 */
export const checkLimits: TurnStage = function checkLimits(state) {
  if (state.signal.aborted) return { type: 'end', reason: 'aborted' };
  if (state.turns >= state.agent.maxTurns) return { type: 'end', reason: 'max_turns' };
};
