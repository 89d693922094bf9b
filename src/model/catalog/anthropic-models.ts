import type { ModelEntry } from '../providers/types.ts';

/**
 * The Anthropic API's models (also the figures the other providers' tables start from).
 *
 * Source, read 2026-12-07: platform.claude.com "Models overview" (docs/en/models/overview) and each model's page
 * (docs/en/models/<model>/overview: context window, max output, input/output price, 5-minute cache write and cache
 * read), "Pricing" (docs/en/about-claude/pricing) for the 4.5 and 4.6 models, and @anthropic-ai/sdk 1.16.0's `Model`
 * type for the ids. Cache prices left out follow the API's rule (write 1.25 × input, read 0.1 × input), which the
 * pages confirm for every model listed with them. Claude Opus 5.5's cache read ($0.20) and write ($5) are from its
 * launch notes as quoted by LiteLLM's and inference.sh's model pages (the rule would give $0.40). Claude Opus 4.7 has
 * no page among those read: its window and limit are Google Cloud's model page (Vertex AI, "Claude Opus 4.7"), its
 * price the $5 / $25 that Venice's API page lists for it (as for Opus 4.8 and 4.6, whose Anthropic pages say $5 / $25).
 * Left out: claude-haiku-5-5 is priced by prompt length ("from $0.10 / $0.50", more above 100K tokens), which one
 * price cannot say, so it has no price (unknown, never 0); the claude-mythos-* models, whose
 * figures the pages read did not give; claude-sonnet-4-5, retired on 2026-11-30 (its page: deprecated, "retires on
 * November 30, 2026"). Add any of them with the config's `model.models` or `prices`.
 */
export const ANTHROPIC_MODELS: readonly ModelEntry[] = Object.freeze([
  { id: 'claude-fable-5-2', displayName: 'Claude Fable 5.2', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 8, output: 40 } },
  { id: 'claude-fable-5-1', displayName: 'Claude Fable 5.1', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 10, output: 50 } },
  { id: 'claude-opus-5-5', displayName: 'Claude Opus 5.5', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 4, output: 20, cacheWrite: 5, cacheRead: 0.2 } },
  { id: 'claude-opus-5', displayName: 'Claude Opus 5', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 } },
  { id: 'claude-sonnet-5-5', displayName: 'Claude Sonnet 5.5', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 2, output: 10 } },
  { id: 'claude-sonnet-5', displayName: 'Claude Sonnet 5', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 2, output: 10 } },
  { id: 'claude-haiku-5-5', displayName: 'Claude Haiku 5.5', contextWindow: 1_000_000, maxOutputTokens: 128_000 },
  { id: 'claude-opus-4-8', displayName: 'Claude Opus 4.8', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 5, output: 25 } },
  { id: 'claude-opus-4-7', displayName: 'Claude Opus 4.7', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 5, output: 25 } },
  { id: 'claude-opus-4-6', displayName: 'Claude Opus 4.6', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 } },
  { id: 'claude-sonnet-4-6', displayName: 'Claude Sonnet 4.6', contextWindow: 1_000_000, maxOutputTokens: 128_000, price: { input: 3, output: 15, cacheWrite: 3.75, cacheRead: 0.3 } },
  { id: 'claude-opus-4-5', displayName: 'Claude Opus 4.5', contextWindow: 200_000, maxOutputTokens: 64_000, price: { input: 5, output: 25, cacheWrite: 6.25, cacheRead: 0.5 } },
  { id: 'claude-haiku-4-5', displayName: 'Claude Haiku 4.5', contextWindow: 200_000, maxOutputTokens: 64_000, price: { input: 1, output: 5, cacheWrite: 1.25, cacheRead: 0.1 } },
]);

/** The entry of `id` in the Anthropic table (the other tables copy its figures). */
export function anthropicModel(id: string): ModelEntry {
  const entry = ANTHROPIC_MODELS.find((model) => model.id === id);
  if (!entry) throw new Error(`no Anthropic model ${id} in the table`);
  return entry;
}
