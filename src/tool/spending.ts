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
  /** The spending of a subagent of this agent. */
  child(): Spending;
  /** The totals now, as a value. */
  snapshot(): SpendingTotals;
}
