import type { ModelError } from './types.ts';

/**
 * What each of Bedrock's mid-stream exceptions is, as the Bedrock SDK types the SSE `error` event it makes of an
 * event-stream `exception` frame (the exception's name, camel-cased): the same failures as Anthropic's
 * `rate_limit_error`, `overloaded_error` and `api_error`, retried as those are. Others (`validationException`,
 * `accessDeniedException`, …) are refusals of the request: not retried.
 */
const BEDROCK_STREAM_EXCEPTIONS: Readonly<Record<string, { code: ModelError['code']; retryable: boolean }>> = {
  throttlingException: { code: 'MODEL_RATE_LIMITED', retryable: true },
  modelStreamErrorException: { code: 'MODEL_OVERLOADED', retryable: true },
  serviceUnavailableException: { code: 'MODEL_OVERLOADED', retryable: true },
  internalServerException: { code: 'MODEL_STREAM_BROKEN', retryable: true },
  modelTimeoutException: { code: 'MODEL_STREAM_BROKEN', retryable: true },
};

/** The model error of a Bedrock exception that arrived mid-stream as an `error` event of `type`, or undefined when `type` is not one of those. */
export function bedrockStreamException(type: string, detail: string): ModelError | undefined {
  const known = Object.hasOwn(BEDROCK_STREAM_EXCEPTIONS, type) ? BEDROCK_STREAM_EXCEPTIONS[type]! : undefined;
  if (!known) return undefined;
  const what = known.code === 'MODEL_RATE_LIMITED' ? 'is rate limiting requests' : known.code === 'MODEL_OVERLOADED' ? 'is overloaded' : 'failed';
  return { code: known.code, retryable: known.retryable, message: `The model API ${what} (reported mid-stream: ${type}: ${detail}). Try again shortly.` };
}
