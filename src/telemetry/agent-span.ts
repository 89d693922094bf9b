import type { Span } from '@opentelemetry/api';
import type { EndReason, Usage } from '../tool/agent-run.ts';
import { childContext, codevTracer } from './codev-tracer.ts';
import { SPAN_KIND_INTERNAL, SPAN_STATUS_ERROR } from './span-codes.ts';
import { usageAttributes } from './usage-attributes.ts';

/**
 * Starts the `invoke_agent {name}` span of one query (OpenTelemetry GenAI conventions), under `parent` (a
 * subagent's under the tool call that started it), else under the active span.
 */
export function startAgentSpan(options: { agentName: string; model: string; sessionId?: string; agentId?: string; parent?: Span }): Span {
  const span = codevTracer.startSpan(`invoke_agent ${options.agentName}`, { kind: SPAN_KIND_INTERNAL }, childContext(options.parent));
  if (span.isRecording()) {
    span.setAttributes({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'anthropic',
      'gen_ai.agent.name': options.agentName,
      'gen_ai.request.model': options.model,
    });
    if (options.sessionId) span.setAttribute('gen_ai.conversation.id', options.sessionId);
    if (options.agentId) span.setAttribute('gen_ai.agent.id', options.agentId);
  }
  return span;
}

/**
 * Ends a query's span with what the query used (its own requests' tokens; the cost includes its subagents',
 * as the `end` event's `costUsd` does), its turns and why it ended. A query that ended in an error has
 * status ERROR; the request that failed carries the exception on its `chat` span.
 */
export function endAgentSpan(span: Span, end: { reason: EndReason; turns: number; usage: Usage; costUsd: number | null }): void {
  if (span.isRecording()) {
    span.setAttributes(usageAttributes(end.usage, end.costUsd));
    span.setAttributes({ 'codev.end_reason': end.reason, 'codev.turns': end.turns });
    if (end.reason === 'error') {
      span.setStatus({ code: SPAN_STATUS_ERROR, message: 'The query ended with a model error' });
      span.setAttribute('error.type', 'model_error');
    }
  }
  span.end();
}
