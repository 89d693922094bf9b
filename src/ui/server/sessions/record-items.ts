import type { RecordEntry, SessionRecord } from '../../../transcripts/types.ts';
import { putItem, toolCallOf, touchItem, type TimelineState } from './timeline-state.ts';

type ToolCallRecord = Extract<SessionRecord, { kind: 'tool-call' }>;

/**
 * A record: a tool call's decision and timing join its call; a request's tokens and cost join its turn;
 * retries and fallbacks are items of their own, named by their timestamp and place (stable across reads).
 * A record of a kind this codev does not know is skipped.
 */
export function addRecord(state: TimelineState, entry: RecordEntry): void {
  const { record, timestamp } = entry;
  const id = `record:${timestamp}:${state.entryCount}`;
  if (record.kind === 'tool-call') {
    state.toolRecords.set(record.toolUseId, record);
    applyToolCallRecord(state, record);
  } else if (record.kind === 'request') addRequest(state, record);
  else if (record.kind === 'retry') putItem(state, { kind: 'retry', id, timestamp, turn: record.turn, attempt: record.attempt, maxRetries: record.maxRetries, waitMs: record.waitMs, error: record.error });
  else if (record.kind === 'model-fallback') putItem(state, { kind: 'model-fallback', id, timestamp, turn: record.turn, from: record.from, to: record.to, error: record.error });
}

/** Puts a call's record on its item (when the timeline has the call). */
export function applyToolCallRecord(state: TimelineState, record: ToolCallRecord): void {
  const call = toolCallOf(state, record.toolUseId);
  if (!call) return;
  if (record.decision) call.decision = { behavior: record.decision.behavior, source: record.decision.source, ...(record.decision.rule !== undefined && { rule: record.decision.rule }), ...(record.decision.reason !== undefined && { reason: record.decision.reason }), ...(record.decision.hookName !== undefined && { hookName: record.decision.hookName }) };
  if (typeof record.durationMs === 'number') call.durationMs = record.durationMs;
  if (record.errorCode !== undefined) call.errorCode = record.errorCode;
  if (record.subagentSessionId !== undefined) {
    call.subagentSessionId = record.subagentSessionId;
    if (!state.subagents.includes(record.subagentSessionId)) state.subagents.push(record.subagentSessionId);
  }
  if (record.persistedPath !== undefined && call.result) call.result = { ...call.result, persistedPath: record.persistedPath };
  touchItem(state, call.id);
}

function addRequest(state: TimelineState, record: Extract<SessionRecord, { kind: 'request' }>): void {
  const { usage } = record;
  const turn = state.turns.get(record.turn) ?? { turn: record.turn, model: record.model, inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUsd: 0, durationMs: 0 };
  turn.model = record.model;
  turn.inputTokens += usage?.inputTokens ?? 0;
  turn.outputTokens += usage?.outputTokens ?? 0;
  turn.cacheReadInputTokens += usage?.cacheReadInputTokens ?? 0;
  turn.cacheCreationInputTokens += usage?.cacheCreationInputTokens ?? 0;
  turn.costUsd = turn.costUsd === null || record.costUsd === null ? null : turn.costUsd + record.costUsd;
  turn.durationMs += record.durationMs ?? 0;
  state.turns.set(record.turn, turn);
  const cost = state.stats.costUsd;
  state.stats.costUsd = cost === null || record.costUsd === null ? null : (cost ?? 0) + record.costUsd;
}
