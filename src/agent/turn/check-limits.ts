import type { TurnStage } from './types.ts';

/** Stage 1: a turn starts only while the query is not aborted and has turns left (`maxTurns`). */
export const checkLimits: TurnStage = async function* checkLimits(state) {
  if (state.signal.aborted) return { type: 'end', reason: 'aborted' };
  if (state.turns >= state.agent.maxTurns) return { type: 'end', reason: 'max_turns' };
};
