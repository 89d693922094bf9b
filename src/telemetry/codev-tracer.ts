import type { Context, Span, SpanOptions, Tracer } from '@opentelemetry/api';
import { GuardedSpan } from './guarded-span.ts';
import { INVALID_SPAN_CONTEXT, NOT_RECORDING } from './not-recording-span.ts';
import { openTelemetryApi } from './open-telemetry-api.ts';
import { reportTelemetryFailure } from './report-telemetry-failure.ts';

// Asked for at the first span, inside its guard: a registered provider's getTracer may throw, and importing
// codev must not. Once had, the API's proxy tracer follows a provider registered later by itself.
let tracer: Tracer | undefined;

/**
 * codev's tracer, the one door through which codev calls OpenTelemetry. Until an OpenTelemetry SDK registers
 * a tracer provider it hands out non-recording spans that cost a few allocations and record nothing; one
 * registered later is used from then on. What the SDK throws (a span processor's `onStart`, and every call
 * on a recording span: see `GuardedSpan`) is reported once and never reaches the query or the tool call:
 * a span that could not start is a span that does not record.
 */
export const codevTracer = {
  startSpan(name: string, options?: SpanOptions, parent?: Context): Span {
    try {
      // Nothing registered with the API: its no-op tracer would hand out this span, so the package is not even loaded.
      const api = openTelemetryApi();
      if (!api) return NOT_RECORDING;
      const span = (tracer ??= api.trace.getTracer('codev')).startSpan(name, options, parent);
      return span.isRecording() ? new GuardedSpan(span) : span;
    } catch (error) {
      reportTelemetryFailure(error);
      return NOT_RECORDING;
    }
  },
};

/**
 * The context a child of `parent` starts in; undefined (the active context) without a parent, or with a
 * parent that has no trace to join (the no-op span of a process without an SDK), so nothing is built then.
 */
export function childContext(parent: Span | undefined): Context | undefined {
  if (!parent) return undefined;
  const spanContext = parent.spanContext();
  // The no-op span's context is this one object: no need to validate its ids on every call.
  if (spanContext === INVALID_SPAN_CONTEXT) return undefined;
  try {
    const api = openTelemetryApi();
    if (!api || !api.trace.isSpanContextValid(spanContext)) return undefined;
    return api.trace.setSpan(api.context.active(), parent);
  } catch (error) {
    reportTelemetryFailure(error);
    return undefined;
  }
}

/**
 * Runs `work` with `span` as the active span (so the spans a client library makes join it), or, when the
 * registered context manager fails, as it is: telemetry never keeps work from running, nor runs it twice.
 */
export function withActiveSpan<Result>(span: Span, work: () => Result): Result {
  let started = false;
  let done: { result: Result } | undefined;
  const run = () => {
    // Run once, however often a context manager calls it.
    if (done) return done.result;
    started = true;
    const result = work();
    done = { result };
    return result;
  };
  try {
    const api = openTelemetryApi();
    // No context manager can be registered without the API: there is nothing to make the span active in.
    if (!api) return run();
    api.context.with(api.trace.setSpan(api.context.active(), span), run);
    if (done) return done.result;
  } catch (error) {
    // The work's own error is its caller's; the context manager's, before or after the work, is telemetry's.
    if (started && !done) throw error;
    reportTelemetryFailure(error);
    return done ? done.result : work();
  }
  // A context manager that returned without running the work: it runs here, once, without the span active.
  reportTelemetryFailure(new Error('the context manager did not run the function it was given'));
  return work();
}
