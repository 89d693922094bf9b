import type { Span } from '@opentelemetry/api';
import { startAgentSpan } from '../../telemetry/agent-span.ts';
import { ZERO_USAGE } from '../add-usage.ts';
import { createQueryRequests } from '../create-query-requests.ts';
import type { Turn, TurnAgent, TurnState } from './types.ts';

/**
 * The state of a query before its first stage: no turn yet, no usage, no tools made; its `invoke_agent`
 * span started under `parentSpan` (else the active span) and put on its context for the tool calls.
 */
export function createTurnState(options: Pick<TurnState, 'agent' | 'prompt' | 'approvals' | 'signal' | 'context'> & { parentSpan?: Span }): TurnState {
  const { agent, prompt, approvals, signal, context } = options;
  const { spending, limits, topLevel } = agent;
  const spentBefore = spending.snapshot();
  // A subagent's queries are bound by the top-level query's limits, which stay on the root.
  if (topLevel) spending.limits = limits && { ...limits, since: spentBefore };
  const agentSpan = startAgentSpan({ agentName: agent.name, model: agent.model, sessionId: agent.transcript.sessionId, agentId: agent.agentId, parent: options.parentSpan });
  // Later turns' contexts carry it over from this one (a kernel's next generation copies the session's fields).
  context.agentSpan = agentSpan;
  const requests = createQueryRequests({ signal, idleTimeoutMs: agent.requestPolicy.streamIdleTimeoutMs });
  return { agent, prompt, approvals, signal, requests, context, agentSpan, system: agent.system, requestTools: { tools: [] }, turns: 0, usage: ZERO_USAGE, spentBefore, stopBlocks: 0, outputRetries: 0, turn: newTurn() };
}

/** A turn before its stages ran. */
export function newTurn(): Turn {
  // Every field from the start: the stages that set the others keep one shape turn after turn.
  return { reply: undefined, model: undefined, requestDurationMs: undefined, reservation: undefined, prompt: undefined, toolUses: [], results: [], stopRequested: false, interrupted: false };
}
