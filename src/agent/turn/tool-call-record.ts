import type { ToolResultUpdate } from '../../execution/types.ts';
import type { SessionRecord } from '../../transcripts/types.ts';

type ToolCallRecord = Extract<SessionRecord, { kind: 'tool-call' }>;

/**
 * The `tool-call` record of a call that ended: how it was decided (by whom, which rule, the reason's type and
 * the hook's name), its failure code, how long it took, where a large result went, and the session of the
 * subagent an Agent call ran. Built field by field: spreads are a slow path on Node 20.
 */
export function toolCallRecord(update: ToolResultUpdate): ToolCallRecord {
  const record: ToolCallRecord = { kind: 'tool-call', toolUseId: update.toolUseId, toolName: update.toolName, isError: update.isError, durationMs: Math.round(update.durationMs) };
  const { decision } = update;
  if (decision) {
    const decided: NonNullable<ToolCallRecord['decision']> = { behavior: decision.behavior, source: decision.source };
    if (decision.rule !== undefined) decided.rule = decision.rule;
    if (decision.reason) decided.reason = decision.reason.type;
    if (decision.reason?.type === 'hook') decided.hookName = decision.reason.hookName;
    record.decision = decided;
  }
  if (update.errorCode) record.errorCode = update.errorCode;
  if (update.persistedPath) record.persistedPath = update.persistedPath;
  const subagentSessionId = (update.output as { status?: unknown; sessionId?: unknown } | undefined)?.sessionId;
  if (update.toolName === 'Agent' && typeof subagentSessionId === 'string') record.subagentSessionId = subagentSessionId;
  return record;
}
