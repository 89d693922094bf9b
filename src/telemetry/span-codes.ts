import type { SpanKind, SpanStatusCode } from '@opentelemetry/api';

// The API's enum values (stable in its 1.x contract), so that setting a span's kind or status does not load the package.
export const SPAN_KIND_INTERNAL = 0 as SpanKind.INTERNAL;
export const SPAN_KIND_CLIENT = 2 as SpanKind.CLIENT;
export const SPAN_STATUS_ERROR = 2 as SpanStatusCode.ERROR;
