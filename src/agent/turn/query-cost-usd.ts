import type { TurnState } from './types.ts';

/** What the query spent so far in US dollars, subagents included; null when a request's model had no price. */
export function queryCostUsd(state: TurnState): number | null {
  const { spending } = state.agent;
  return spending.unpricedRequests > state.spentBefore.unpricedRequests ? null : spending.costUsd - state.spentBefore.costUsd;
}
