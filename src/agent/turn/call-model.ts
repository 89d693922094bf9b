import { requestModelTurn } from '../request-model-turn.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 3: one model request over the whole transcript, streamed (text deltas, retries as events). A
 * failure after the retries ends the query with an `error` event; an abort ends it at once.
 */
export const callModel: TurnStage = async function* callModel(state) {
  const { agent } = state;
  const params = {
    model: agent.model,
    max_tokens: agent.maxTokens,
    messages: agent.messages,
    tools: state.requestTools.tools,
    ...(agent.system ? { system: agent.system } : {}),
  };
  const outcome = yield* requestModelTurn({ client: agent.client, params, signal: state.signal, policy: agent.requestPolicy });
  if (outcome.type === 'aborted') return { type: 'end', reason: 'aborted' };
  if (outcome.type === 'error') {
    yield { type: 'error', error: outcome.error };
    return { type: 'end', reason: 'error' };
  }
  state.turn.reply = outcome.message;
};
