import { costOfUsage } from '../model/cost-of-usage.ts';
import type { ModelPrice, ModelPrices } from '../model/model-price.ts';
import { priceOfModel } from '../model/price-of-model.ts';
import type { ModelProvider } from '../model/providers/types.ts';
import type { Usage } from '../tool/agent-run.ts';
import type { QueryLimits, Spending, SpendingAmount, SpendingReservation, SpendingTotals } from '../tool/spending.ts';

/**
 * The spending of a top-level agent, pricing requests from `prices` (the agent's, then the config's), then the
 * `provider`'s model table (its prices on that provider), then codev's defaults. Prices are looked up once per
 * model. The holds of requests in flight are kept on the root, summed when read (never a running total that
 * could drift).
 */
export function createSpending(prices: readonly (ModelPrices | undefined)[] = [], provider?: Pick<ModelProvider, 'price'>): Spending {
  const found = new Map<string, ModelPrice | undefined>();
  return new AgentSpending((model, usage) => {
    if (!found.has(model)) found.set(model, priceOfModel({ model, prices, ...(provider && { provider }) }));
    const price = found.get(model);
    return price ? costOfUsage(usage, price) : null;
  });
}

class AgentSpending implements Spending {
  costUsd = 0;
  tokens = 0;
  unpricedRequests = 0;
  limits?: QueryLimits;
  readonly root: Spending;
  readonly costOf: (model: string, usage: Usage) => number | null;
  readonly #parent: AgentSpending | undefined;
  readonly #top: AgentSpending;
  // On the root only: the holds in flight, and who waits for one to end.
  readonly #holds = new Set<SpendingAmount>();
  readonly #waiting = new Set<() => void>();

  constructor(costOf: (model: string, usage: Usage) => number | null, parent?: AgentSpending) {
    this.costOf = costOf;
    this.#parent = parent;
    this.#top = parent ? parent.#top : this;
    this.root = this.#top;
  }

  get reserved(): SpendingAmount {
    let costUsd = 0;
    let tokens = 0;
    for (const hold of this.#top.#holds) {
      costUsd += hold.costUsd;
      tokens += hold.tokens;
    }
    return { costUsd, tokens };
  }

  record(model: string, usage: Usage): number | null {
    const cost = this.costOf(model, usage);
    const tokens = usage.inputTokens + usage.outputTokens + usage.cacheCreationInputTokens + usage.cacheReadInputTokens;
    for (let at: AgentSpending | undefined = this; at; at = at.#parent) {
      at.tokens += tokens;
      if (cost === null) at.unpricedRequests += 1;
      else at.costUsd += cost;
    }
    return cost;
  }

  reserve(amount: SpendingAmount): SpendingReservation {
    const top = this.#top;
    // A hold of its own, so that two equal amounts are two holds.
    const hold = { costUsd: amount.costUsd, tokens: amount.tokens };
    top.#holds.add(hold);
    const release = () => {
      if (!top.#holds.delete(hold)) return;
      const waiting = [...top.#waiting];
      top.#waiting.clear();
      for (const wake of waiting) wake();
    };
    return {
      // Counted before the hold goes: there is no moment when the request counts nowhere.
      settle: (model, usage) => {
        const cost = this.record(model, usage);
        release();
        return cost;
      },
      release,
    };
  }

  whenReleased(signal: AbortSignal): Promise<void> {
    const top = this.#top;
    if (signal.aborted || top.#holds.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        top.#waiting.delete(done);
        signal.removeEventListener('abort', done);
        resolve();
      };
      top.#waiting.add(done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  child(): Spending {
    return new AgentSpending(this.costOf, this);
  }

  snapshot(): SpendingTotals {
    return { costUsd: this.costUsd, tokens: this.tokens, unpricedRequests: this.unpricedRequests };
  }
}
