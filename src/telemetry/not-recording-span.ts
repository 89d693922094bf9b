import type { Span, SpanContext } from '@opentelemetry/api';

/** The context of a span that records nothing: the API's INVALID_SPAN_CONTEXT, without loading the API. */
export const INVALID_SPAN_CONTEXT: SpanContext = Object.freeze({ traceId: '00000000000000000000000000000000', spanId: '0000000000000000', traceFlags: 0 });

/** What the API's no-op tracer hands out (its NonRecordingSpan): every call does nothing, `isRecording()` is false. */
class NotRecordingSpan implements Span {
  spanContext(): SpanContext {
    return INVALID_SPAN_CONTEXT;
  }
  setAttribute(): this {
    return this;
  }
  setAttributes(): this {
    return this;
  }
  addEvent(): this {
    return this;
  }
  addLink(): this {
    return this;
  }
  addLinks(): this {
    return this;
  }
  setStatus(): this {
    return this;
  }
  updateName(): this {
    return this;
  }
  end(): void {}
  isRecording(): boolean {
    return false;
  }
  recordException(): void {}
}

/** The one span codev hands out while no OpenTelemetry SDK is registered, or when starting a span failed. */
export const NOT_RECORDING: Span = new NotRecordingSpan();
