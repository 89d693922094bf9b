import Anthropic from '@anthropic-ai/sdk';
import { errorMessage } from '../errors/codev-error.ts';
import type { ModelError } from './types.ts';

/** Turns whatever the SDK threw into a model error value with a stable code and a next step. */
export function toModelError(error: unknown): ModelError {
  if (error instanceof Anthropic.APIError && error.status !== undefined) {
    const status = error.status;
    const requestId = error.requestID ?? undefined;
    const detail = error.apiMessage ?? errorMessage(error);
    if (status === 401 || status === 403) {
      return { code: 'MODEL_AUTHENTICATION_FAILED', status, requestId, message: `The model API refused the key (${status}: ${detail}). Check ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL if you use a proxy).` };
    }
    if (status === 429) {
      const retryAfter = Number(error.headers?.get('retry-after'));
      const retryAfterSeconds = Number.isFinite(retryAfter) ? retryAfter : undefined;
      return { code: 'MODEL_RATE_LIMITED', status, requestId, retryAfterSeconds, message: `The model API is rate limiting requests${retryAfterSeconds === undefined ? '' : `; retry after ${retryAfterSeconds} s`} (${detail}).` };
    }
    if (status === 529) return { code: 'MODEL_OVERLOADED', status, requestId, message: `The model API is overloaded (529: ${detail}). Try again shortly.` };
    return { code: 'MODEL_REQUEST_FAILED', status, requestId, message: `The model request failed (${status}: ${detail}).` };
  }
  if (error instanceof Anthropic.APIError && error.type === 'overloaded_error') {
    return { code: 'MODEL_OVERLOADED', message: `The model API is overloaded (reported mid-stream: ${error.apiMessage ?? errorMessage(error)}). Try again shortly.` };
  }
  if (error instanceof Anthropic.APIError || error instanceof Anthropic.AnthropicError) {
    return { code: 'MODEL_STREAM_BROKEN', message: `The connection to the model API failed or the stream broke: ${errorMessage(error)}` };
  }
  return { code: 'MODEL_STREAM_BROKEN', message: `The model stream failed: ${errorMessage(error)}` };
}
