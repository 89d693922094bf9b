import type { Usage } from '../tool/agent-run.ts';
import type { ModelPrice } from './model-price.ts';

const PER_TOKEN = 1 / 1_000_000;

/** What `usage` cost in US dollars at `price`. */
export function costOfUsage(usage: Usage, price: ModelPrice): number {
  const cacheWrite = price.cacheWrite ?? price.input * 1.25;
  const cacheRead = price.cacheRead ?? price.input * 0.1;
  return (usage.inputTokens * price.input + usage.outputTokens * price.output + usage.cacheCreationInputTokens * cacheWrite + usage.cacheReadInputTokens * cacheRead) * PER_TOKEN;
}
