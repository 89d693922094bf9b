import { estimateContextTokens } from '../compaction/estimate-tokens.ts';
import type { AgentEvent, Usage } from '../types.ts';
import type { TurnState } from './types.ts';

type LimitReached = Extract<AgentEvent, { type: 'limit-reached' }>;

const dollars = (amount: number) => `$${amount < 1 ? amount.toFixed(4) : amount.toFixed(2)}`;

/**
 * Would the next request pass a limit of the running top-level query (kept on the root of the agent tree, so
 * a subagent's requests count and stop too)? The estimate: the conversation as it stands (the last request's
 * counted tokens plus the messages since), read from the prompt cache up to the last request when caching is
 * on, and an output as long as the longest of this query so far. Undefined when no limit is near or set.
 */
export function checkBudget(state: TurnState): LimitReached | undefined {
  const { spending, model, promptCaching, contextSize, messages } = state.agent;
  const { system } = state;
  const limits = spending.root.limits;
  if (!limits) return undefined;
  const root = spending.root;
  const input = estimateContextTokens(messages, contextSize.usage) + (contextSize.usage ? 0 : Math.ceil((system?.length ?? 0) / 4));
  const output = state.largestOutputTokens;
  if (limits.maxQueryTokens !== undefined) {
    const spent = root.tokens - limits.since.tokens;
    if (spent + input + output > limits.maxQueryTokens) {
      return { type: 'limit-reached', limit: 'maxQueryTokens', max: limits.maxQueryTokens, spent, next: input + output, message: `The next request (~${(input + output).toLocaleString('en-US')} tokens) would pass the query's limit of ${limits.maxQueryTokens.toLocaleString('en-US')} tokens (${spent.toLocaleString('en-US')} used).` };
    }
  }
  if (limits.maxBudgetUsd === undefined) return undefined;
  const spent = root.costUsd - limits.since.costUsd;
  const cached = promptCaching && contextSize.usage ? Math.min(input, contextSize.usage.tokens - (contextSize.usage.outputTokens ?? 0)) : 0;
  const next: Usage = promptCaching ? { inputTokens: 0, cacheReadInputTokens: cached, cacheCreationInputTokens: input - cached, outputTokens: output } : { inputTokens: input, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, outputTokens: output };
  const nextCost = spending.costOf(model, next);
  const unpriced = root.unpricedRequests - limits.since.unpricedRequests;
  if (nextCost === null || unpriced > 0) {
    return { type: 'limit-reached', limit: 'maxBudgetUsd', max: limits.maxBudgetUsd, spent, next: nextCost ?? 0, message: `The query's budget of ${dollars(limits.maxBudgetUsd)} cannot be kept: ${nextCost === null ? `model ${model}` : 'a model this query used'} has no price. Add it to \`prices\` (USD per million tokens) in codev.config.ts or the agent's options.` };
  }
  if (spent + nextCost > limits.maxBudgetUsd) {
    return { type: 'limit-reached', limit: 'maxBudgetUsd', max: limits.maxBudgetUsd, spent, next: nextCost, message: `The next request (~${dollars(nextCost)}) would pass the query's budget of ${dollars(limits.maxBudgetUsd)} (${dollars(spent)} spent).` };
  }
  return undefined;
}
