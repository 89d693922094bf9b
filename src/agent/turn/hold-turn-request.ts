import { estimateTurnRequest } from '../budget/estimate-turn-request.ts';
import { limitEndReason, reserveRequest } from '../../model/reserve-request.ts';
import type { AgentEvent } from '../types.ts';
import type { TurnOutcome, TurnState } from './types.ts';

/**
 * Before each request of a turn (on `model`: the agent's, or a fallback's), under a query limit: estimates
 * it (`estimateTurnRequest`) and holds the estimate on the spending tree (`reserveRequest`), in place of the
 * turn's earlier hold. Returns the outcome that ends the query when it cannot be held: a `limit-reached`
 * event and `max_budget_usd` or `max_query_tokens`, or `aborted`. Without a limit, nothing is estimated.
 */
export async function* holdTurnRequest(state: TurnState, model: string): AsyncGenerator<AgentEvent, TurnOutcome | undefined, void> {
  const { turn } = state;
  turn.reservation?.release();
  turn.reservation = undefined;
  const { spending } = state.agent;
  if (!spending.root.limits) return undefined;
  const { usage, prompt } = estimateTurnRequest(state, model);
  const hold = await reserveRequest({ spending, model, estimate: usage, signal: state.signal });
  if (hold.type === 'aborted') return { type: 'end', reason: 'aborted' };
  if (hold.type === 'limit-reached') {
    yield hold.event;
    return { type: 'end', reason: limitEndReason(hold.event) };
  }
  turn.reservation = hold.reservation;
  turn.prompt = prompt;
  return undefined;
}
