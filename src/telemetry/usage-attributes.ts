import type { Attributes } from '@opentelemetry/api';
import type { Usage } from '../tool/agent-run.ts';

/**
 * Token counts and cost as GenAI attributes. `gen_ai.usage.input_tokens` counts every input token, cached
 * ones included (as the conventions ask); the cache reads and writes are also given apart. A cost of null
 * (a model with no price) leaves `codev.cost.usd` out: an unknown cost is never reported as 0.
 */
export function usageAttributes(usage: Usage, costUsd: number | null): Attributes {
  const attributes: Attributes = {
    'gen_ai.usage.input_tokens': usage.inputTokens + usage.cacheCreationInputTokens + usage.cacheReadInputTokens,
    'gen_ai.usage.output_tokens': usage.outputTokens,
    'gen_ai.usage.cache_read.input_tokens': usage.cacheReadInputTokens,
    'gen_ai.usage.cache_creation.input_tokens': usage.cacheCreationInputTokens,
  };
  if (costUsd !== null) attributes['codev.cost.usd'] = costUsd;
  return attributes;
}
