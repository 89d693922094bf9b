import type { Span } from '@opentelemetry/api';
import { errorMessage } from '../errors/codev-error.ts';
import { SPAN_STATUS_ERROR } from './span-codes.ts';

/**
 * Marks `span` as failed: status ERROR with the failure's message, `error.type` (a codev error code, or a
 * kind of failure) and, when something was thrown, an `exception` event for it. Does not end the span.
 */
export function failSpan(span: Span, failure: { type: string; message: string; thrown?: unknown }): void {
  if (!span.isRecording()) return;
  span.setStatus({ code: SPAN_STATUS_ERROR, message: failure.message });
  span.setAttribute('error.type', failure.type);
  const { thrown } = failure;
  if (thrown !== undefined) span.recordException(thrown instanceof Error ? thrown : { name: failure.type, message: errorMessage(thrown) });
}
