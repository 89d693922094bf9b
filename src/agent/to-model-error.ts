import { isAnthropicError, isApiConnectionError, isApiError, isApiUserAbortError } from '../model/sdk-error-kinds.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { bedrockStreamException } from './bedrock-stream-exception.ts';
import { modelUnreachableError } from './model-unreachable-error.ts';
import type { ModelProvider } from '../model/providers/types.ts';
import { providerModelError } from './provider-model-error.ts';
import { withoutCredentials } from './without-credentials.ts';
import type { ModelError } from './types.ts';

/**
 * Turns whatever a model request threw into a model error value with a stable code, a next step and
 * whether trying again may help (`retryable`): rate limits, overloads, 408/409/5xx, connection failures,
 * stalled and cut streams, unless the server said `x-should-retry: false`. A stream whose data is not
 * JSON is not retried: the server is broken, not busy, and each retry is billed. A request that reached
 * no server (refused, unknown host, untrusted certificate, no answer, closed before answering) is
 * `MODEL_UNREACHABLE`, its message naming `baseURL` (the URL the client used) and the fix. With the `provider`
 * of the client (Bedrock, Vertex, Foundry), a refusal or a missing model names the provider, its region or
 * project and the fix there (`providerModelError`); the codes are the same.
 */
export function toModelError(error: unknown, context: { baseURL?: string; provider?: ModelProvider; model?: string } = {}): ModelError {
  const fromProvider = context.provider && !CodevError.isInstance(error) ? providerModelError(error, { provider: context.provider, model: context.model }) : undefined;
  if (fromProvider) return fromProvider;
  if (CodevError.isInstance(error)) {
    if (error.code === 'MODEL_UNREACHABLE') return { code: error.code, reason: 'timeout', message: error.message, retryable: true };
    return { code: error.code, message: error.message, retryable: error.code === 'MODEL_STREAM_STALLED' || error.code === 'MODEL_STREAM_BROKEN' };
  }
  if (isApiError(error) && error.status !== undefined) {
    const status = error.status;
    const requestId = error.requestID ?? undefined;
    const detail = error.apiMessage ?? errorMessage(error);
    const retryAfterSeconds = retryAfterOf(error.headers);
    const retryable = shouldRetry(status, error.headers);
    if (status === 401 || status === 403) {
      return { code: 'MODEL_AUTHENTICATION_FAILED', status, requestId, retryable: false, message: `The model API refused the key (${status}: ${detail}). Check ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL if you use a proxy).` };
    }
    if (status === 429) {
      return { code: 'MODEL_RATE_LIMITED', status, requestId, retryAfterSeconds, retryable, message: `The model API is rate limiting requests${retryAfterSeconds === undefined ? '' : `; retry after ${retryAfterSeconds} s`} (${detail}).` };
    }
    if (status === 400 && /prompt is too long/i.test(detail)) {
      return { code: 'CONTEXT_OVERFLOW', status, requestId, retryable: false, message: `The conversation is longer than the model's context window (${detail}).` };
    }
    if (status === 404 && context.baseURL !== undefined) {
      // The SDK posts to BASE/v1/messages: a base URL that already ends with /v1 (as other APIs want) finds nothing.
      const base = withoutCredentials(context.baseURL.replace(/\/+$/, ''));
      const fix = /\/v1$/.test(base) ? `ANTHROPIC_BASE_URL (or the agent's baseURL) ends with /v1, and the SDK adds /v1/messages itself: use ${base.slice(0, -3)}` : `is ANTHROPIC_BASE_URL (or the agent's baseURL) the root of an Anthropic-compatible API?`;
      return { code: 'MODEL_REQUEST_FAILED', status, requestId, retryable, message: `Nothing answers at ${base}/v1/messages (404: ${detail}): ${fix}.` };
    }
    if (status === 529) return { code: 'MODEL_OVERLOADED', status, requestId, retryAfterSeconds, retryable, message: `The model API is overloaded (529: ${detail}). Try again shortly.` };
    return { code: 'MODEL_REQUEST_FAILED', status, requestId, retryAfterSeconds, retryable, message: `The model request failed (${status}: ${detail}).` };
  }
  if (isApiError(error) && error.type === 'overloaded_error') {
    return { code: 'MODEL_OVERLOADED', retryable: true, message: `The model API is overloaded (reported mid-stream: ${error.apiMessage ?? errorMessage(error)}). Try again shortly.` };
  }
  // The SDK sets `type` to null when there is none (a connection error, an abort): only a string is an `error` event's.
  if (isApiError(error) && typeof error.type === 'string') {
    const fromBedrock = bedrockStreamException(error.type, error.apiMessage ?? errorMessage(error));
    if (fromBedrock) return fromBedrock;
    // An `error` event after the 200: a server failure is worth another try, a refusal of the request is not.
    return { code: 'MODEL_STREAM_BROKEN', retryable: error.type === 'api_error', message: `The model API failed mid-stream (${error.type}: ${error.apiMessage ?? errorMessage(error)}).` };
  }
  if (isApiUserAbortError(error)) return { code: 'MODEL_STREAM_BROKEN', retryable: false, message: 'The model request was aborted.' };
  // Thrown before any response (a stream cut after the 200 is a plain AnthropicError, however its socket ended).
  // A base URL that does not parse (a port out of range) throws node's own TypeError (a stream wraps it in an AnthropicError).
  if (isApiConnectionError(error) || hasCause(error, (cause) => (cause as { code?: unknown } | null)?.code === 'ERR_INVALID_URL')) return modelUnreachableError(error, context.baseURL);
  if (isAnthropicError(error)) {
    return { code: 'MODEL_STREAM_BROKEN', retryable: !isDataNotJson(error), message: `The connection to the model API failed or the stream broke: ${errorMessage(error)}` };
  }
  return { code: 'MODEL_STREAM_BROKEN', retryable: false, message: `The model stream failed: ${errorMessage(error)}` };
}

/** The SDK's own policy: the server's `x-should-retry` wins, else 408, 409, 429 and 5xx are worth another try. */
function shouldRetry(status: number, headers: Headers | undefined): boolean {
  const header = headers?.get('x-should-retry');
  if (header === 'true') return true;
  if (header === 'false') return false;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Seconds from `retry-after-ms`, else `retry-after` (seconds or an HTTP date); undefined when absent or unreadable. */
function retryAfterOf(headers: Headers | undefined): number | undefined {
  const milliseconds = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds / 1000;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}

function hasCause(error: unknown, test: (cause: unknown) => boolean): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (test(current)) return true;
  }
  return false;
}

/**
 * A stream whose data is not JSON: an SSE `data:` line (the SDK's JSON.parse throws a SyntaxError, kept as the cause)
 * or a Bedrock event-stream chunk (the Bedrock SDK says it could not parse the chunk into JSON, with no cause).
 */
function isDataNotJson(error: unknown): boolean {
  return hasCause(error, (cause) => cause instanceof SyntaxError) || /could not parse .*\binto JSON\b/i.test(errorMessage(error));
}
