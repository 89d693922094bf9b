import type Anthropic from '@anthropic-ai/sdk';
import { CodevError } from '../errors/codev-error.ts';
import type { Effort, ThinkingOptions } from './types.ts';

/** `AgentOptions.effort`, lowest to highest, as the API names them. */
export const EFFORT_LEVELS: readonly Effort[] = ['low', 'medium', 'high', 'xhigh', 'max'];

/** The smallest thinking budget the API accepts. */
export const MIN_THINKING_BUDGET_TOKENS = 1024;

/** What `thinking` and `effort` add to every model request of an agent, made once. */
export interface ThinkingParams {
  readonly thinking?: Anthropic.ThinkingConfigParam;
  readonly output_config?: { readonly effort: Effort };
}

/**
 * `thinking` and `effort` as the request fields the API takes (`thinking`, `output_config.effort`), checked
 * before any request is made: a budget of at least 1,024 tokens and under `maxTokens` (the API's own rule),
 * a known effort level. Undefined when neither is set, so a plain agent's requests carry nothing more.
 * Throws `INPUT_INVALID` naming the field.
 */
export function resolveThinkingParams(options: { thinking?: ThinkingOptions; effort?: Effort; maxTokens: number }): ThinkingParams | undefined {
  const { thinking, effort, maxTokens } = options;
  if (thinking === undefined && effort === undefined) return undefined;
  if (effort !== undefined && !EFFORT_LEVELS.includes(effort)) {
    throw new CodevError('INPUT_INVALID', `effort must be one of ${EFFORT_LEVELS.join(', ')}, not ${JSON.stringify(effort)}`, { field: 'effort', hint: "e.g. effort: 'high'" });
  }
  return Object.freeze({
    ...(thinking !== undefined && { thinking: thinkingParam(thinking, maxTokens) }),
    ...(effort !== undefined && { output_config: Object.freeze({ effort }) }),
  });
}

function thinkingParam(thinking: ThinkingOptions, maxTokens: number): Anthropic.ThinkingConfigParam {
  const type = (thinking as { type?: unknown } | null)?.type;
  if (type === 'adaptive' || type === 'disabled') return Object.freeze({ type });
  if (type !== 'enabled') {
    throw new CodevError('INPUT_INVALID', `thinking.type must be enabled, adaptive or disabled, not ${JSON.stringify(type)}`, { field: 'thinking.type', hint: "e.g. thinking: { type: 'enabled', budgetTokens: 4000 } or { type: 'adaptive' }" });
  }
  const budget = (thinking as { budgetTokens?: unknown }).budgetTokens;
  if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < MIN_THINKING_BUDGET_TOKENS || budget >= maxTokens) {
    throw new CodevError('INPUT_INVALID', `thinking.budgetTokens must be an integer of at least ${MIN_THINKING_BUDGET_TOKENS} and less than maxTokens (${maxTokens}), not ${String(budget)}`, {
      field: 'thinking.budgetTokens',
      hint: `the thinking budget is part of the reply's max_tokens: raise maxTokens above it, or lower the budget (e.g. budgetTokens: ${Math.max(MIN_THINKING_BUDGET_TOKENS, Math.floor(maxTokens / 2))})`,
    });
  }
  return Object.freeze({ type: 'enabled', budget_tokens: budget });
}
