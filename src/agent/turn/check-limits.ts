import { checkBudget } from './check-budget.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 1: a turn starts only while the query is not aborted, has turns left (`maxTurns`) and its next
 * request would stay within the query's budget and token limit (`maxBudgetUsd`, `maxQueryTokens`).
 */
export const checkLimits: TurnStage = async function* checkLimits(state) {
  if (state.signal.aborted) return { type: 'end', reason: 'aborted' };
  if (state.turns >= state.agent.maxTurns) return { type: 'end', reason: 'max_turns' };
  const reached = checkBudget(state);
  if (!reached) return;
  yield reached;
  return { type: 'end', reason: reached.limit === 'maxBudgetUsd' ? 'max_budget_usd' : 'max_query_tokens' };
};
