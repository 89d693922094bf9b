import { startChatSpan } from '../../telemetry/chat-span.ts';
import { limitEndReason } from '../../model/reserve-request.ts';
import { compactConversation } from '../compaction/compact-conversation.ts';
import { adaptTurnRequest, learnRefusedFeatures } from '../adapt-turn-request.ts';
import { modelFeatureLearning, type ModelFeatureLearning } from '../../model/capabilities/model-feature-learning.ts';
import { MODEL_FEATURES } from '../../model/providers/types.ts';
import { requestModelTurn, type ModelTurnOutcome } from '../request-model-turn.ts';
import type { AgentEvent, ModelError } from '../types.ts';
import { endRequestSpan } from './end-request-span.ts';
import { holdTurnRequest } from './hold-turn-request.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 4: one model request over the whole transcript, streamed (text and thinking deltas, retries as
 * events). When the API refuses it as longer than the context window, the conversation is compacted (every
 * old tool result cleared, the older messages summarized) and the request made once more; a second refusal
 * is `CONTEXT_OVERFLOW`. When the model is still overloaded or failing after its retries, the request is
 * made on the next of `fallbackModels` (a `model-fallback` event). A failure after all that ends the query
 * with an `error` event; an abort ends it at once.
 * Under a query limit, every request is held on the spending tree first (`holdTurnRequest`: the turn's
 * first by `prepareTurn`, a fallback model's and the one after a compaction here), and a request that
 * cannot be held ends the query; the hold of a request that failed is released.
 * Each request is an OpenTelemetry `chat {model}` span under the query's span: its reply's model, stop
 * reason, tokens and cost, or its error.
 * What the model's server lacks is left out of the request, and what a server refuses is learned and the
 * request made again without it (`adaptTurnRequest`, `learnRefusedFeatures`: one `MODEL_FEATURE_UNSUPPORTED`
 * warning per feature, yielded by the top-level agent, its subagents' included); the request goes under the provider's id for the model.
 */
const CONVERSATION_BREAKPOINT = Object.freeze({ type: 'ephemeral' as const });

export const callModel: TurnStage = async function* callModel(state) {
  const { agent } = state;
  // Compaction is tried once per turn; `compacted` says the request was made again on the compacted conversation.
  let compactionTried = false;
  let compacted = false;
  let model = agent.model;
  const learning = modelFeatureLearning(agent.spending.root);
  const where = agent.provider?.label ?? agent.client.baseURL ?? 'the Anthropic API';
  const recordRetry = agent.transcript.keepsRecords ? (retry: Extract<AgentEvent, { type: 'retry' }>) => agent.transcript.record({ kind: 'retry', turn: state.turns, attempt: retry.attempt, maxRetries: retry.maxRetries, waitMs: retry.waitMs, error: recordedError(retry.error) }) : undefined;
  for (let fallback = 0; ; ) {
    const params = {
      model,
      max_tokens: agent.maxTokens,
      messages: agent.messages,
      tools: state.requestTools.tools,
      ...(state.system ? { system: state.system } : {}),
      // The API puts a cache breakpoint on the last block: the next turn reads the whole conversation so far
      // from the prompt cache and pays full price only for what it added (with the breakpoint after the built-in tools).
      ...(agent.promptCaching && { cache_control: CONVERSATION_BREAKPOINT }),
      ...agent.thinkingParams,
    };
    const startedAt = performance.now();
    let outcome: ModelTurnOutcome;
    // Each request made again leaves out a feature the one before used, so there are at most as many as features.
    for (let refusals = 0; ; refusals++) {
      const sent = adaptTurnRequest(params, { model, provider: agent.provider, learning, where });
      if (learning.owesWarnings()) yield* owedWarnings(agent, learning);
      const span = startChatSpan({ model, maxTokens: agent.maxTokens, parent: state.agentSpan });
      outcome = yield* requestModelTurn({ client: agent.client, params: sent, signal: state.signal, policy: agent.requestPolicy, span, requests: state.requests, onRetry: recordRetry });
      endRequestSpan(span, { outcome, spending: agent.spending, model, provider: agent.provider });
      // A server's refusal of a feature the request used: learned, and the request made again without it.
      if (outcome.type === 'error' && refusals < MODEL_FEATURES.length && learnRefusedFeatures({ error: outcome.error, sent, target: { model, provider: agent.provider, learning, where } })) continue;
      if (learning.owesWarnings()) yield* owedWarnings(agent, learning);
      break;
    }
    if (outcome.type === 'message') {
      // recordReply settles the hold with the reply's usage.
      state.turn.reply = outcome.message;
      state.turn.model = model;
      state.turn.requestDurationMs = Math.round(performance.now() - startedAt);
      return;
    }
    state.turn.reservation?.release();
    if (outcome.type === 'aborted') return { type: 'end', reason: 'aborted' };
    let error: ModelError = outcome.error;
    if (fallback < agent.fallbackModels.length && isServerFailure(error)) {
      const to = agent.fallbackModels[fallback++]!;
      if (agent.transcript.keepsRecords) agent.transcript.record({ kind: 'model-fallback', turn: state.turns, from: model, to, error: recordedError(error) });
      yield { type: 'model-fallback', from: model, to, error };
      model = to;
      const ended = yield* holdTurnRequest(state, model);
      if (ended) return ended;
      continue;
    }
    if (error.code === 'CONTEXT_OVERFLOW' && !compactionTried) {
      compactionTried = true;
      const compaction = yield* compactConversation({ agent, context: state.context, signal: state.signal, trigger: 'overflow' });
      if (compaction.type === 'aborted') return { type: 'end', reason: 'aborted' };
      if (compaction.type === 'limit-reached') {
        yield compaction.event;
        return { type: 'end', reason: limitEndReason(compaction.event) };
      }
      compacted = compaction.type === 'compacted';
      if (compacted) {
        const ended = yield* holdTurnRequest(state, model);
        if (ended) return ended;
        continue;
      }
      if (compaction.type === 'error') error = { ...error, message: `${error.message} Compacting it failed: ${compaction.error.message}` };
    }
    if (error.code === 'CONTEXT_OVERFLOW') {
      error = { ...error, message: `${error.message}${compacted ? ' It was still too long after compaction.' : ''} Start a new session, or fork this one at an earlier message (resume with at).` };
    }
    yield { type: 'error', error };
    return { type: 'end', reason: 'error' };
  }
};

/** What a record keeps of a model error: its code, status and message. */
function recordedError(error: ModelError): { code?: string; status?: number; message: string } {
  const recorded: { code?: string; status?: number; message: string } = { code: error.code, message: error.message };
  if (error.status !== undefined) recorded.status = error.status;
  return recorded;
}

/** Overloaded (529, or said mid-stream) or a 5xx: the API's trouble, which another model may not share. Never a 4xx or a 429. */
function isServerFailure(error: ModelError): boolean {
  return error.code === 'MODEL_OVERLOADED' || (error.status !== undefined && error.status >= 500);
}

/** The `MODEL_FEATURE_UNSUPPORTED` warnings the tree owes, yielded by its top-level agent (a subagent's events do not reach the caller). */
function* owedWarnings(agent: { topLevel: boolean }, learning: ModelFeatureLearning): Generator<AgentEvent, void, void> {
  if (!agent.topLevel || !learning.owesWarnings()) return;
  for (const message of learning.takeWarnings()) yield { type: 'warning', code: 'MODEL_FEATURE_UNSUPPORTED', message };
}
