import { context, INVALID_SPAN_CONTEXT, trace, type Context, type Span } from '@opentelemetry/api';

/**
 * codev's tracer. Until an OpenTelemetry SDK registers a tracer provider it hands out non-recording spans
 * that cost a few allocations and record nothing; one registered later is used from then on.
 */
export const codevTracer = trace.getTracer('codev');

/**
 * The context a child of `parent` starts in; undefined (the active context) without a parent, or with a
 * parent that has no trace to join (the no-op span of a process without an SDK), so nothing is built then.
 */
export function childContext(parent: Span | undefined): Context | undefined {
  if (!parent) return undefined;
  const spanContext = parent.spanContext();
  // The no-op span's context is this one object: no need to validate its ids on every call.
  if (spanContext === INVALID_SPAN_CONTEXT || !trace.isSpanContextValid(spanContext)) return undefined;
  return trace.setSpan(context.active(), parent);
}
