/**
 * What an agent tree spends on model requests, in US dollars and tokens, and the limits of the running
 * query. Types only: the agent loop makes them (`createSpending`).
 */
import type { Usage } from './agent-run.ts';

/** Totals so far. A request of a model with no price adds its tokens but no cost: `unpricedRequests` counts it. */
export interface SpendingTotals {
  readonly costUsd: number;
  readonly tokens: number;
  readonly unpricedRequests: number;
}

/** An amount of spending: US dollars and tokens. */
export interface SpendingAmount {
  readonly costUsd: number;
  readonly tokens: number;
}

/**
 * A request's estimated cost, held on the root of the agent tree while the request is in flight
 * (`Spending.reserve`), so that the agents running beside it see it before their own requests.
 */
export interface SpendingReservation {
  /** Counts the request's `usage` (as `record` does) and frees the hold, in one step; returns its cost. */
  settle(model: string, usage: Usage): number | null;
  /** Frees the hold without counting anything (the request failed, or was never sent); nothing the second time. */
  release(): void;
}

/**
 * A limit of the query (`maxBudgetUsd`, `maxQueryTokens`) would be passed by the next request (a turn's,
 * or a compaction's summary): the agent ends (reason `max_budget_usd` or `max_query_tokens`) before making
 * it. `spent` is what the query used so far, `next` the most the request can use: all it sends, estimated,
 * and its whole `max_tokens` of output (see `maxBudgetUsd`).
 */
export interface LimitReached {
  type: 'limit-reached';
  limit: 'maxBudgetUsd' | 'maxQueryTokens';
  max: number;
  spent: number;
  next: number;
  message: string;
}

/** The limits of a top-level query, and the totals when it started. */
export interface QueryLimits {
  readonly maxBudgetUsd?: number;
  readonly maxQueryTokens?: number;
  readonly since: SpendingTotals;
}

/**
 * One agent's spending. A subagent's is a `child()` of its parent's: each request counts for the agent that
 * made it and every agent above it, so a parent's totals include its subagents' and the limits, kept on
 * the `root`, bound the whole tree.
 */
export interface Spending extends SpendingTotals {
  /** The top-level agent's spending, where the running query's limits live. */
  readonly root: Spending;
  /** Set by the top-level agent when a query with limits starts. */
  limits?: QueryLimits;
  /** What `usage` of `model` costs in USD; null when the model has no price. */
  costOf(model: string, usage: Usage): number | null;
  /** Counts one request here and in every agent above; returns its cost (null when the model has no price). */
  record(model: string, usage: Usage): number | null;
  /** What the requests in flight anywhere in the tree hold now (kept on the root). */
  readonly reserved: SpendingAmount;
  /** Holds `amount` on the root until the reservation is settled or released. */
  reserve(amount: SpendingAmount): SpendingReservation;
  /**
   * Resolves when a hold on the root is settled or released, or at once when `signal` aborts: a request that
   * did not fit beside the requests in flight may fit then.
   */
  whenReleased(signal: AbortSignal): Promise<void>;
  /** The spending of a subagent of this agent. */
  child(): Spending;
  /** The totals now, as a value. */
  snapshot(): SpendingTotals;
}
