import { describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { toUiError, uiErrorStatus } from './ui-error-status.ts';

describe('uiErrorStatus', () => {
  it.each([
    ['SESSION_NOT_FOUND', 404],
    ['JOB_NOT_FOUND', 404],
    ['FLEET_NOT_CONFIGURED', 404],
    ['CLI_USAGE', 400],
    ['INPUT_INVALID', 400],
    ['JOB_INVALID', 400],
    ['PERMISSION_DENIED', 403],
    ['FILE_NOT_REGULAR', 403],
    ['SESSION_BUSY', 409],
    ['FLEET_REDIS_UNREACHABLE', 503],
    ['FLEET_UNAVAILABLE', 503],
    ['UI_SERVE_FAILED', 500],
  ])('%s answers %i', (code, status) => expect(uiErrorStatus(code)).toBe(status));

  it("keeps a CodevError's code and hint; anything else is UI_SERVE_FAILED 500", () => {
    expect(toUiError(new CodevError('SESSION_NOT_FOUND', 'no such session', { hint: 'codev sessions' }))).toEqual({ status: 404, body: { error: { code: 'SESSION_NOT_FOUND', message: 'no such session', hint: 'codev sessions' } } });
    expect(toUiError(new TypeError('boom'))).toEqual({ status: 500, body: { error: { code: 'UI_SERVE_FAILED', message: 'boom' } } });
  });
});
