import type { AgentEvent } from '../../agent/types.ts';

/** `toLocaleString('en-US')` for the whole numbers a summary shows, without starting ICU (tens of ms of a run's CPU). */
const count = (value: number) => (Number.isSafeInteger(value) ? String(value).replace(/\B(?=(\d{3})+$)/g, ',') : value.toLocaleString('en-US'));

/**
 * The one-line summary `codev run` prints when a query ends: turns, tokens (input counted with its cache
 * reads and writes) and the cost in US dollars, or that the cost is unknown.
 */
export function formatRunSummary(end: Extract<AgentEvent, { type: 'end' }>, model: string): string {
  const { usage } = end;
  const input = usage.inputTokens + usage.cacheCreationInputTokens + usage.cacheReadInputTokens;
  const cached = usage.cacheReadInputTokens > 0 ? ` (${count(usage.cacheReadInputTokens)} from cache)` : '';
  const cost = end.costUsd === null ? `cost unknown (no price for ${model}: add it to prices in codev.config.ts)` : `$${end.costUsd.toFixed(4)}`;
  return `${end.turns} turn(s) · ${count(input)} input tokens${cached} · ${count(usage.outputTokens)} output tokens · ${cost}`;
}
