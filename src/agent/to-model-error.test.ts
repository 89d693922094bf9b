import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk/core/error';
import { describe, expect, it } from 'vitest';
import { toModelError } from './to-model-error.ts';

// The causes a real socket gives (refused, DNS, TLS, timeouts, resets) are in test/faults/model-unreachable.test.ts.
describe('toModelError', () => {
  it('a connection error of a cause it has no name for is still MODEL_UNREACHABLE, naming the URL and the cause', () => {
    const error = new APIConnectionError({ cause: new TypeError('fetch failed', { cause: new Error('something odd') }) });
    const modelError = toModelError(error, { baseURL: 'http://127.0.0.1:8080/' });
    expect(modelError).toMatchObject({ code: 'MODEL_UNREACHABLE', retryable: true });
    expect(modelError.reason).toBeUndefined();
    expect(modelError.message).toContain('http://127.0.0.1:8080');
    expect(modelError.message).toContain('something odd');
  });

  it('without a base URL, names the default one', () => {
    const error = new APIConnectionError({ cause: Object.assign(new Error('getaddrinfo ENOTFOUND api.anthropic.com'), { code: 'ENOTFOUND' }) });
    expect(toModelError(error)).toMatchObject({ code: 'MODEL_UNREACHABLE', reason: 'dns', message: expect.stringContaining('https://api.anthropic.com') });
  });

  it('an abort is not taken for an error event of type null', () => {
    const modelError = toModelError(new APIUserAbortError());
    expect(modelError).toMatchObject({ code: 'MODEL_STREAM_BROKEN', retryable: false });
    expect(modelError.message).not.toContain('null');
  });

  it('an error event after the 200 stays MODEL_STREAM_BROKEN, retried when the server failed', () => {
    const event = new APIError(undefined, { type: 'error', error: { type: 'api_error', message: 'Internal server error' } }, undefined, undefined);
    expect(toModelError(event)).toMatchObject({ code: 'MODEL_STREAM_BROKEN', retryable: true });
  });
});
