import type { Span } from '@opentelemetry/api';
import type { CodevErrorCode } from '../errors/codes.ts';
import type { PermissionDecision } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';
import { childContext, codevTracer } from './codev-tracer.ts';
import { failSpan } from './fail-span.ts';
import { SPAN_KIND_INTERNAL } from './span-codes.ts';

/**
 * Starts the `execute_tool {name}` span of one tool call (OpenTelemetry GenAI conventions), under the span
 * of the query that made it, else under the active span. Without an OpenTelemetry SDK registered this is a
 * no-op span.
 */
export function startToolSpan(options: { toolName: string; toolUseId: string; parent?: Span }): Span {
  const span = codevTracer.startSpan(`execute_tool ${options.toolName}`, { kind: SPAN_KIND_INTERNAL }, childContext(options.parent));
  if (span.isRecording()) {
    span.setAttributes({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': options.toolName, 'gen_ai.tool.call.id': options.toolUseId });
  }
  return span;
}

/**
 * Records a permission decision as the `codev.tool_decision` event, in the telemetry vocabulary:
 * `decision` is accept or reject, `source` one of config, hook, user_temporary, user_permanent, user_reject, user_abort.
 */
export function reportDecision(options: { span: Span; tool: Tool; toolUseId: string; decision: PermissionDecision }): void {
  const { decision } = options;
  options.span.addEvent('codev.tool_decision', {
    decision: decision.behavior === 'allow' ? 'accept' : 'reject',
    source: decision.source,
    tool_name: options.tool.name,
    tool_use_id: options.toolUseId,
    tool_source: options.tool.source.type,
    ...(decision.rule ? { rule: decision.rule } : {}),
    ...(decision.ruleSource ? { rule_source: decision.ruleSource } : {}),
  });
}

/**
 * Records the end of a call as the `codev.tool_result` event and ends the span. A call that failed (its
 * result is an error: not found, invalid input, denied, thrown) has status ERROR with `error.type` its
 * error code or status, and what its tool threw as an `exception` event.
 */
export function endToolSpan(options: { span: Span; status: string; isError: boolean; durationMs: number; resultSize: number; errorCode?: CodevErrorCode; thrown?: unknown }): void {
  if (options.isError) failSpan(options.span, { type: options.errorCode ?? options.status, message: `The call ended ${options.status}`, thrown: options.thrown });
  options.span.addEvent('codev.tool_result', {
    status: options.status,
    success: !options.isError,
    duration_ms: options.durationMs,
    result_size: options.resultSize,
  });
  options.span.end();
}
