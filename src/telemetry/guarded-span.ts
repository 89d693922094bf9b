import type { Exception, Link, Span, SpanAttributes, SpanAttributeValue, SpanContext, SpanStatus, TimeInput } from '@opentelemetry/api';
import { INVALID_SPAN_CONTEXT } from './not-recording-span.ts';
import { reportTelemetryFailure } from './report-telemetry-failure.ts';

/**
 * A span of the registered OpenTelemetry SDK, each of whose calls is guarded: what the SDK (a span processor's
 * `onEnd`, an attribute limit, an exporter called in line) throws is reported once
 * (`reportTelemetryFailure`) and goes no further, so a span is never why a query or a tool call fails.
 * Handed to everything that holds codev's spans, plugins and subagents included.
 */
export class GuardedSpan implements Span {
  constructor(private readonly span: Span) {}

  spanContext(): SpanContext {
    return this.attempt(() => this.span.spanContext(), INVALID_SPAN_CONTEXT);
  }

  setAttribute(key: string, value: SpanAttributeValue): this {
    return this.guard(() => this.span.setAttribute(key, value));
  }

  setAttributes(attributes: SpanAttributes): this {
    return this.guard(() => this.span.setAttributes(attributes));
  }

  addEvent(name: string, attributesOrStartTime?: SpanAttributes | TimeInput, startTime?: TimeInput): this {
    return this.guard(() => this.span.addEvent(name, attributesOrStartTime, startTime));
  }

  addLink(link: Link): this {
    return this.guard(() => this.span.addLink(link));
  }

  addLinks(links: Link[]): this {
    return this.guard(() => this.span.addLinks(links));
  }

  setStatus(status: SpanStatus): this {
    return this.guard(() => this.span.setStatus(status));
  }

  updateName(name: string): this {
    return this.guard(() => this.span.updateName(name));
  }

  end(endTime?: TimeInput): void {
    this.guard(() => this.span.end(endTime));
  }

  isRecording(): boolean {
    return this.attempt(() => this.span.isRecording(), false);
  }

  recordException(exception: Exception, time?: TimeInput): void {
    this.guard(() => this.span.recordException(exception, time));
  }

  /** Calls the SDK; what it throws is reported and `fallback` answered instead. */
  private attempt<Result>(call: () => Result, fallback: Result): Result {
    try {
      return call();
    } catch (error) {
      reportTelemetryFailure(error);
      return fallback;
    }
  }

  private guard(call: () => unknown): this {
    this.attempt(call, undefined);
    return this;
  }
}
