import { describe, expect, it } from 'vitest';
import { DEFAULT_REQUEST_POLICY, resolveRequestPolicy } from './resolve-request-policy.ts';

describe('resolveRequestPolicy', () => {
  it('takes each field from its option, else its environment variable, else the default', () => {
    expect(resolveRequestPolicy({ agentOptions: {}, env: {} })).toEqual(DEFAULT_REQUEST_POLICY);
    const env = { CODEV_MAX_RETRIES: '5', CODEV_MAX_RETRY_WAIT_MS: '1000', CODEV_STREAM_IDLE_TIMEOUT_MS: '0' };
    expect(resolveRequestPolicy({ agentOptions: {}, env })).toEqual({ maxRetries: 5, maxRetryWaitMs: 1000, retryBaseDelayMs: 500, streamIdleTimeoutMs: 0 });
    expect(resolveRequestPolicy({ agentOptions: { maxRetries: 0, streamIdleTimeoutMs: 250, retryBaseDelayMs: 10 }, env })).toEqual({ maxRetries: 0, maxRetryWaitMs: 1000, retryBaseDelayMs: 10, streamIdleTimeoutMs: 250 });
  });

  it('refuses a negative or non-numeric value with CONFIG_INVALID, naming where it came from', () => {
    expect(() => resolveRequestPolicy({ agentOptions: {}, env: { CODEV_STREAM_IDLE_TIMEOUT_MS: '90s' } })).toThrowError(expect.objectContaining({ code: 'CONFIG_INVALID', field: 'CODEV_STREAM_IDLE_TIMEOUT_MS' }));
    expect(() => resolveRequestPolicy({ agentOptions: { maxRetries: 1.5 }, env: {} })).toThrowError(expect.objectContaining({ code: 'CONFIG_INVALID', field: 'maxRetries' }));
    expect(() => resolveRequestPolicy({ agentOptions: { maxRetryWaitMs: -1 }, env: {} })).toThrowError(expect.objectContaining({ code: 'CONFIG_INVALID' }));
  });
});
