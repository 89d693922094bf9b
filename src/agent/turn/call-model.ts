import { compactConversation } from '../compaction/compact-conversation.ts';
import { requestModelTurn } from '../request-model-turn.ts';
import type { ModelError } from '../types.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 4: one model request over the whole transcript, streamed (text deltas, retries as events). When the
 * API refuses it as longer than the context window, the conversation is compacted (every old tool result
 * cleared, the older messages summarized) and the request made once more; a second refusal is
 * `CONTEXT_OVERFLOW`. A failure after the retries ends the query with an `error` event; an abort ends it at once.
 */
const CONVERSATION_BREAKPOINT = Object.freeze({ type: 'ephemeral' as const });

export const callModel: TurnStage = async function* callModel(state) {
  const { agent } = state;
  for (let attempt = 1; ; attempt++) {
    const params = {
      model: agent.model,
      max_tokens: agent.maxTokens,
      messages: agent.messages,
      tools: state.requestTools.tools,
      ...(agent.system ? { system: agent.system } : {}),
      // The API puts a cache breakpoint on the last block: the next turn reads the whole conversation so far
      // from the prompt cache and pays full price only for what it added (with the breakpoint after the built-in tools).
      ...(agent.promptCaching && { cache_control: CONVERSATION_BREAKPOINT }),
    };
    const outcome = yield* requestModelTurn({ client: agent.client, params, signal: state.signal, policy: agent.requestPolicy });
    if (outcome.type === 'aborted') return { type: 'end', reason: 'aborted' };
    if (outcome.type === 'message') {
      state.turn.reply = outcome.message;
      return;
    }
    let error: ModelError = outcome.error;
    if (error.code === 'CONTEXT_OVERFLOW' && attempt === 1) {
      const compacted = yield* compactConversation({ agent, context: state.context, signal: state.signal, trigger: 'overflow' });
      if (compacted.type === 'aborted') return { type: 'end', reason: 'aborted' };
      if (compacted.type === 'compacted') continue;
      if (compacted.type === 'error') error = { ...error, message: `${error.message} Compacting it failed: ${compacted.error.message}` };
    }
    if (error.code === 'CONTEXT_OVERFLOW') {
      error = { ...error, message: `${error.message}${attempt > 1 ? ' It was still too long after compaction.' : ''} Start a new session, or fork this one at an earlier message (resume with at).` };
    }
    yield { type: 'error', error };
    return { type: 'end', reason: 'error' };
  }
};
