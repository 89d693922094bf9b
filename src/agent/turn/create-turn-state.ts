import type { ToolUseContext } from '../../execution/types.ts';
import { ZERO_USAGE } from '../add-usage.ts';
import type { Turn, TurnAgent, TurnState } from './types.ts';

/** The state of a query before its first stage: no turn yet, no usage, no tools made. */
export function createTurnState(options: Pick<TurnState, 'agent' | 'prompt' | 'approvals' | 'signal' | 'context'>): TurnState {
  const { spending, limits, topLevel } = options.agent;
  const spentBefore = spending.snapshot();
  // A subagent's queries are bound by the top-level query's limits, which stay on the root.
  if (topLevel) spending.limits = limits && { ...limits, since: spentBefore };
  return { ...options, system: options.agent.system, requestTools: { tools: [] }, turns: 0, usage: ZERO_USAGE, spentBefore, largestOutputTokens: 0, stopBlocks: 0, outputRetries: 0, turn: newTurn() };
}

/** A turn before its stages ran. */
export function newTurn(): Turn {
  return { toolUses: [], results: [], stopRequested: false, interrupted: false };
}
