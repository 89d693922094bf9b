import type Anthropic from '@anthropic-ai/sdk';
import { adaptRequest } from '../model/capabilities/adapt-request.ts';
import { declaredFeatureWarning, learnedFeatureWarning } from '../model/capabilities/feature-warning.ts';
import { ALL_CAPABILITIES, withLearned, type ModelFeatureLearning } from '../model/capabilities/model-feature-learning.ts';
import { unsupportedFeaturesNamed } from '../model/capabilities/unsupported-features-named.ts';
import type { ModelProvider } from '../model/providers/types.ts';
import type { ModelError } from './types.ts';

/** Where a request goes, for its warnings: the provider's label, else the client's URL. */
export interface TurnRequestTarget {
  /** codev's id of the model (the request goes under the provider's id for it). */
  model: string;
  provider?: ModelProvider;
  /** What the agent tree learned of its server (see `modelFeatureLearning`). */
  learning: ModelFeatureLearning;
  /** The provider's label, or the server's URL when there is no provider. */
  where: string;
}

/**
 * A model request fit for what the model's server supports: the features the provider declares off for the
 * model (`provider.capabilities`; all on without a provider) and those the tree learned a server refuses are
 * left out (`adaptRequest`, each in its defined way, a `MODEL_FEATURE_UNSUPPORTED` warning owed per feature
 * dropped), and the request goes under the provider's id for the model. Synchronous and allocation-light: it runs
 * before every request of the turn loop, which streams the reply's events straight through (no generator around it).
 */
export function adaptTurnRequest<Params extends Anthropic.MessageCreateParamsNonStreaming>(params: Params, target: TurnRequestTarget): Params {
  const { model, provider, learning } = target;
  const wireModel = provider?.wireModelId(model) ?? model;
  const wire = wireModel === params.model ? params : { ...params, model: wireModel };
  const { params: adapted, dropped } = adaptRequest(wire, withLearned(provider?.capabilities(model) ?? ALL_CAPABILITIES, learning.learned));
  for (const feature of dropped) learning.warn(feature, declaredFeatureWarning({ feature, model, where: target.where }));
  return adapted;
}

/**
 * Whether `error` is a server's refusal (a 400) of features `sent` used (a compatible server's "thinking: Extra
 * inputs are not permitted"): they are learned by the tree (a warning owed for each the tree did not know) and the
 * request is to be made again, `adaptTurnRequest` leaving them out now. A refusal of a feature the tree learned
 * meanwhile (another subagent's request, refused first) is one too. A 400 naming no feature the request used is
 * not: it is the outcome, as any error.
 */
export function learnRefusedFeatures(options: { error: ModelError; sent: Anthropic.MessageCreateParamsNonStreaming; target: TurnRequestTarget }): boolean {
  const refused = unsupportedFeaturesNamed(options.error, options.sent);
  const { learning, model, where } = options.target;
  for (const feature of refused) learning.learn(feature, learnedFeatureWarning({ feature, model, where, detail: options.error.message }));
  return refused.length > 0;
}
