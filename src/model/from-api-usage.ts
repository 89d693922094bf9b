import type Anthropic from '@anthropic-ai/sdk';
import type { Usage } from '../tool/agent-run.ts';

/** The usage of one response, in codev's shape. */
export function fromApiUsage(usage: Anthropic.Usage): Usage {
  return {
    inputTokens: usage.input_tokens ?? 0,
    outputTokens: usage.output_tokens ?? 0,
    cacheCreationInputTokens: usage.cache_creation_input_tokens ?? 0,
    cacheReadInputTokens: usage.cache_read_input_tokens ?? 0,
  };
}
