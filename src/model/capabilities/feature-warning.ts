import type { ModelFeature } from '../providers/types.ts';

/** What each feature is on the wire, and what codev does without it. */
const DEGRADED: Readonly<Record<ModelFeature, string>> = Object.freeze({
  promptCaching: 'prompt caching (cache_control): requests go without cache breakpoints, every input token at full price',
  topLevelCacheControl: 'the request-level cache_control: the cache breakpoint goes on the last message block instead',
  thinking: 'extended thinking (thinking, output_config.effort): the model answers without thinking, and earlier thinking blocks are not sent back',
  pdfs: 'PDF documents: each is replaced by a note that it was left out',
  countTokens: 'token counting (count_tokens): codev estimates token counts',
  structuredOutputs: 'structured outputs (output_config.format, strict tools): codev checks the answers against the schema itself',
});

/** The `MODEL_FEATURE_UNSUPPORTED` warning of a feature the provider or settings declare off for `model`. */
export function declaredFeatureWarning(options: { feature: ModelFeature; model: string; where: string }): string {
  return `${options.model} on ${options.where} does not support ${DEGRADED[options.feature]}. To change it, set capabilities.${options.feature} in the model settings.`;
}

/** The `MODEL_FEATURE_UNSUPPORTED` warning of a feature a server refused (its 400's `detail`): left out from now on. */
export function learnedFeatureWarning(options: { feature: ModelFeature; model: string; where: string; detail: string }): string {
  return `${options.where} does not support ${DEGRADED[options.feature]}. It refused a request to ${options.model} that used it: ${options.detail} The request was made again without it, as are the later requests of this agent and its subagents. Declare it in the model settings (capabilities: { ${options.feature}: false }) to skip the refused request.`;
}
