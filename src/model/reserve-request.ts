import type { EndReason, Usage } from '../tool/agent-run.ts';
import type { LimitReached, Spending, SpendingReservation } from '../tool/spending.ts';

/**
 * How holding a request's estimate ended: held (without a limit the reservation holds nothing, and settling
 * it only counts the usage), a limit it cannot fit in, or an abort while it waited.
 */
export type RequestHold = { type: 'held'; reservation: SpendingReservation } | { type: 'limit-reached'; event: LimitReached } | { type: 'aborted' };

const dollars = (amount: number) => `$${amount < 1 ? amount.toFixed(4) : amount.toFixed(2)}`;
const count = (tokens: number) => tokens.toLocaleString('en-US');

/**
 * Holds the `estimate` of a request about to be sent on the root of the agent tree, within the running
 * query's limits (`maxQueryTokens`, `maxBudgetUsd`, kept on the root): the request may be sent while the
 * reservation is held, and its real usage replaces it (`settle`), or it is released. A request fits when
 * what the tree spent, what the requests in flight hold and its estimate stay within each limit:
 * 1. one that would pass a limit even alone (or whose model has no price, under a budget) is refused with
 *    a `limit-reached` event;
 * 2. one that fits only once requests in flight end waits until a hold is released (the signal ends the
 *    wait), then is judged again. Waiting agents hold nothing, so two cannot wait for each other.
 * The check and the hold happen in one step, so parallel subagents see each other's holds.
 */
export async function reserveRequest(options: { spending: Spending; model: string; estimate: Usage; signal: AbortSignal }): Promise<RequestHold> {
  const { spending, model, estimate, signal } = options;
  const root = spending.root;
  if (!root.limits) return { type: 'held', reservation: { settle: (pricedAs, usage) => spending.record(pricedAs, usage), release: () => {} } };
  const tokens = estimate.inputTokens + estimate.cacheCreationInputTokens + estimate.cacheReadInputTokens + estimate.outputTokens;
  const cost = root.limits.maxBudgetUsd === undefined ? 0 : spending.costOf(model, estimate);
  for (;;) {
    const verdict = judge({ root, model, tokens, cost, outputTokens: estimate.outputTokens });
    if (verdict === 'fits') return { type: 'held', reservation: spending.reserve({ costUsd: cost ?? 0, tokens }) };
    if (verdict !== 'wait') return { type: 'limit-reached', event: verdict };
    await root.whenReleased(signal);
    if (signal.aborted) return { type: 'aborted' };
  }
}

/** The end reason of a query stopped by `event`. */
export function limitEndReason(event: LimitReached): EndReason {
  return event.limit === 'maxBudgetUsd' ? 'max_budget_usd' : 'max_query_tokens';
}

function judge(options: { root: Spending; model: string; tokens: number; cost: number | null; outputTokens: number }): 'fits' | 'wait' | LimitReached {
  const { root, model, tokens, cost } = options;
  // A request is counted at the most it can cost: its whole max_tokens of output, which a small budget may not
  // have room for. Said only when it is refused (formatting numbers costs more than the check).
  const output = () => `, ${count(options.outputTokens)} of them output at most: a smaller maxTokens leaves room for more`;
  const limits = root.limits!;
  const reserved = root.reserved;
  let wait = false;
  if (limits.maxQueryTokens !== undefined) {
    const max = limits.maxQueryTokens;
    const spent = root.tokens - limits.since.tokens;
    if (spent + tokens > max) {
      return { type: 'limit-reached', limit: 'maxQueryTokens', max, spent, next: tokens, message: `The next request (up to ${count(tokens)} tokens${output()}) would pass the query's limit of ${count(max)} tokens (${count(spent)} used).` };
    }
    wait ||= spent + reserved.tokens + tokens > max;
  }
  if (limits.maxBudgetUsd !== undefined) {
    const max = limits.maxBudgetUsd;
    const spent = root.costUsd - limits.since.costUsd;
    if (cost === null || root.unpricedRequests > limits.since.unpricedRequests) {
      return { type: 'limit-reached', limit: 'maxBudgetUsd', max, spent, next: cost ?? 0, message: `The query's budget of ${dollars(max)} cannot be kept: ${cost === null ? `model ${model}` : 'a model this query used'} has no price. Add it to \`prices\` (USD per million tokens) in codev.config.ts or the agent's options.` };
    }
    if (spent + cost > max) {
      return { type: 'limit-reached', limit: 'maxBudgetUsd', max, spent, next: cost, message: `The next request (up to ${dollars(cost)} for ${count(tokens)} tokens${output()}) would pass the query's budget of ${dollars(max)} (${dollars(spent)} spent).` };
    }
    wait ||= spent + reserved.costUsd + cost > max;
  }
  return wait ? 'wait' : 'fits';
}
