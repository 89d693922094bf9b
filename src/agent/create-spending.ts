import { costOfUsage } from '../model/cost-of-usage.ts';
import { DEFAULT_MODEL_PRICES } from '../model/default-model-prices.ts';
import { findModelPrice } from '../model/find-model-price.ts';
import type { ModelPrice, ModelPrices } from '../model/model-price.ts';
import type { Usage } from '../tool/agent-run.ts';
import type { QueryLimits, Spending, SpendingTotals } from '../tool/spending.ts';

/**
 * The spending of a top-level agent, pricing requests from `prices` (the agent's, then the config's), then
 * codev's defaults. Prices are looked up once per model.
 */
export function createSpending(prices: readonly (ModelPrices | undefined)[] = []): Spending {
  const tables = [...prices.filter((table): table is ModelPrices => table !== undefined), DEFAULT_MODEL_PRICES];
  const found = new Map<string, ModelPrice | undefined>();
  return new AgentSpending((model, usage) => {
    if (!found.has(model)) found.set(model, findModelPrice(model, tables));
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

  constructor(costOf: (model: string, usage: Usage) => number | null, parent?: AgentSpending) {
    this.costOf = costOf;
    this.#parent = parent;
    this.root = parent?.root ?? this;
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

  child(): Spending {
    return new AgentSpending(this.costOf, this);
  }

  snapshot(): SpendingTotals {
    return { costUsd: this.costUsd, tokens: this.tokens, unpricedRequests: this.unpricedRequests };
  }
}
