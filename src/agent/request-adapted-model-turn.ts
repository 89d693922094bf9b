import type Anthropic from '@anthropic-ai/sdk';
import { adaptRequest } from '../model/capabilities/adapt-request.ts';
import { declaredFeatureWarning, learnedFeatureWarning } from '../model/capabilities/feature-warning.ts';
import { ALL_CAPABILITIES, modelFeatureLearning, withLearned } from '../model/capabilities/model-feature-learning.ts';
import { unsupportedFeaturesNamed } from '../model/capabilities/unsupported-features-named.ts';
import type { ModelProvider } from '../model/providers/types.ts';
import type { ModelTurnOutcome } from './request-model-turn.ts';
import type { AgentEvent } from './types.ts';

/**
 * One model request fit for what the model's server supports:
 * 1. the features off are those the provider declares off for `model` (`provider.capabilities`; all on
 *    without a provider) and those a server refused before, anywhere in the agent tree (`tree`);
 * 2. the request is adapted (`adaptRequest`: the features off left out, each in its defined way) and sent
 *    under the provider's id for the model (`wireModelId`);
 * 3. a 400 that refuses a feature the request used (a compatible server's "thinking: Extra inputs are not
 *    permitted") teaches the tree that feature, and the request is made again without it; a 400 naming no
 *    feature the request used is the outcome, as any error. Each try learns a feature more: it ends.
 * One `MODEL_FEATURE_UNSUPPORTED` warning per tree and feature (dropped as declared, or learned): a
 * top-level agent yields the warnings owed, its subagents' included, before and after its requests.
 */
export async function* requestAdaptedModelTurn(options: {
  params: Anthropic.MessageCreateParamsNonStreaming;
  /** codev's id of the model (the params' `model` is replaced by the provider's id for it). */
  model: string;
  provider?: ModelProvider;
  /** What stands for the agent tree (the spending tree's root): what one agent learns, its whole tree knows. */
  tree: object;
  topLevel: boolean;
  /** The server's URL, for the warnings when there is no provider. */
  baseURL?: string;
  /** Makes one request (with its retries): a chat span each, in the turn loop. */
  send: (params: Anthropic.MessageCreateParamsNonStreaming) => AsyncGenerator<AgentEvent, ModelTurnOutcome, void>;
}): AsyncGenerator<AgentEvent, ModelTurnOutcome, void> {
  const { model, provider } = options;
  const learning = modelFeatureLearning(options.tree);
  const where = provider?.label ?? options.baseURL ?? 'the Anthropic API';
  const warnings = function* (): Generator<AgentEvent, void, void> {
    if (!options.topLevel) return;
    for (const message of learning.takeWarnings()) yield { type: 'warning', code: 'MODEL_FEATURE_UNSUPPORTED', message };
  };
  const wire = { ...options.params, model: provider?.wireModelId(model) ?? model };
  for (;;) {
    const { params, dropped } = adaptRequest(wire, withLearned(provider?.capabilities(model) ?? ALL_CAPABILITIES, learning.learned));
    for (const feature of dropped) learning.warn(feature, declaredFeatureWarning({ feature, model, where }));
    yield* warnings();
    const outcome = yield* options.send(params);
    const refused = outcome.type === 'error' ? unsupportedFeaturesNamed(outcome.error, params) : [];
    if (outcome.type === 'error' && refused.length > 0) {
      for (const feature of refused) learning.learn(feature, learnedFeatureWarning({ feature, model, where, detail: outcome.error.message }));
      continue;
    }
    yield* warnings();
    return outcome;
  }
}
