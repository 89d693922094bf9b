import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { toModelError } from '../agent/to-model-error.ts';
import { isAnthropicError, isApiConnectionError, isApiError, isApiUserAbortError } from './sdk-error-kinds.ts';

// A provider package installed beside codev brings its own copy of @anthropic-ai/sdk (codev bundles its own): the
// errors of a Bedrock, Vertex or Foundry client are of that copy's classes. Here, a second copy of the SDK's files.
const require = createRequire(import.meta.url);
// The package's folder: its `exports` map hides package.json, not the error module.
const sdkFolder = path.dirname(path.dirname(require.resolve('@anthropic-ai/sdk/core/error')));
const copy = mkdtempSync(path.join(os.tmpdir(), 'codev-sdk-copy-'));
cpSync(sdkFolder, path.join(copy, 'sdk'), { recursive: true });
afterAll(() => rmSync(copy, { recursive: true, force: true }));
const other = createRequire(path.join(copy, 'sdk', 'package.json'))('./core/error.js') as typeof import('@anthropic-ai/sdk/core/error');

describe("the SDK's errors of another copy of it", () => {
  it('are told by their classes, not by instanceof', () => {
    const limited = other.APIError.generate(429, { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } }, 'slow down', new Headers({ 'retry-after': '3' }));
    expect(isApiError(limited)).toBe(true);
    expect(isApiError(new other.APIUserAbortError())).toBe(true);
    expect(isApiUserAbortError(new other.APIUserAbortError())).toBe(true);
    expect(isApiConnectionError(new other.APIConnectionError({ message: 'refused' }))).toBe(true);
    expect(isAnthropicError(new other.AnthropicError('cut'))).toBe(true);
    expect(isApiError(new Error('plain'))).toBe(false);
    expect(isApiError({ status: 429, headers: new Headers() })).toBe(false);
  });

  it('get the same model errors as codev\'s own copy: a 429 retried after its wait, a 401 a refused key, a 529 an overload', () => {
    const error = (status: number, type: string) => other.APIError.generate(status, { type: 'error', error: { type, message: type } }, type, new Headers({ 'retry-after': '3' }));
    expect(toModelError(error(429, 'rate_limit_error'))).toMatchObject({ code: 'MODEL_RATE_LIMITED', status: 429, retryable: true, retryAfterSeconds: 3 });
    expect(toModelError(error(401, 'authentication_error'))).toMatchObject({ code: 'MODEL_AUTHENTICATION_FAILED', retryable: false });
    expect(toModelError(error(529, 'overloaded_error'))).toMatchObject({ code: 'MODEL_OVERLOADED', retryable: true });
    expect(toModelError(new other.APIConnectionError({ message: 'refused' }), { baseURL: 'http://127.0.0.1:9' })).toMatchObject({ code: 'MODEL_UNREACHABLE' });
  });
});
