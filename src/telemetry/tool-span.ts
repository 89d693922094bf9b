import { trace, type Span } from '@opentelemetry/api';
import type { PermissionDecision } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';

const tracer = trace.getTracer('codev');

/** Starts the span of one tool call. Without an OpenTelemetry SDK registered this is a no-op span. */
export function startToolSpan(options: { toolName: string; toolUseId: string }): Span {
  return tracer.startSpan('codev.tool_use', { attributes: { 'codev.tool_name': options.toolName, 'codev.tool_use_id': options.toolUseId } });
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

/** Records the end of a call as the `codev.tool_result` event and ends the span. */
export function endToolSpan(options: { span: Span; status: string; isError: boolean; durationMs: number; resultSize: number }): void {
  options.span.addEvent('codev.tool_result', {
    status: options.status,
    success: !options.isError,
    duration_ms: options.durationMs,
    result_size: options.resultSize,
  });
  options.span.end();
}
