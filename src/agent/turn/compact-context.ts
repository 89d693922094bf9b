import { limitEndReason } from '../../model/reserve-request.ts';
import { compactConversation } from '../compaction/compact-conversation.ts';
import { estimateContextTokens } from '../compaction/estimate-tokens.ts';
import type { StageRun, TurnStage, TurnState } from './types.ts';

/**
 * Stage 2: before the request, when the conversation has passed `compaction.threshold` of the context
 * window (the last request's tokens plus an estimate of what was added since), compacts it (see
 * `compactConversation`). A failed summary is a warning: the request is tried with the old tool results
 * cleared (or as it is, when there were none), and an overflow then gets its own compaction in `callModel`.
 * A summary request a query limit has no room for ends the query.
 */
export const compactContext: TurnStage = function compactContext(state) {
  const { agent } = state;
  const { auto, threshold, contextWindow } = agent.compaction;
  if (!auto || estimateContextTokens(agent.messages, agent.contextSize.usage) < threshold * contextWindow) return;
  return compact(state);
};

async function* compact(state: TurnState): StageRun {
  const { agent } = state;
  const outcome = yield* compactConversation({ agent, context: state.context, signal: state.signal, trigger: 'auto' });
  if (outcome.type === 'aborted') return { type: 'end', reason: 'aborted' };
  if (outcome.type === 'limit-reached') {
    yield outcome.event;
    return { type: 'end', reason: limitEndReason(outcome.event) };
  }
  if (outcome.type === 'error') state.context.onWarning?.(`The conversation could not be compacted: ${outcome.error.message}`);
}
