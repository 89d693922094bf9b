import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { UiError } from '../types.ts';

/** Refusals of what the request named (a path outside, a file that is not one): 403, the request was understood. */
const REFUSED = new Set(['PERMISSION_DENIED', 'FILE_NOT_REGULAR']);
/** The fleet's Redis is there but cannot be used now: 503, try again later. */
const UNAVAILABLE = new Set(['FLEET_REDIS_UNREACHABLE', 'FLEET_REDIS_AUTH_FAILED', 'FLEET_UNAVAILABLE']);

/**
 * The HTTP status a code answers with: a thing that is not there 404, a request that is wrong 400, a refusal 403,
 * a store that is busy 409, a fleet that cannot be reached 503, the rest 500.
 */
export function uiErrorStatus(code: string): number {
  if (code.endsWith('_NOT_FOUND') || code === 'FLEET_NOT_CONFIGURED') return 404;
  if (code === 'CLI_USAGE' || code.endsWith('_INVALID')) return 400;
  if (REFUSED.has(code)) return 403;
  if (code === 'SESSION_BUSY') return 409;
  if (UNAVAILABLE.has(code)) return 503;
  return 500;
}

/** What a failure answers: a CodevError's code, message and hint; anything else is UI_SERVE_FAILED (its message only). */
export function toUiError(error: unknown): { status: number; body: UiError } {
  if (CodevError.isInstance(error)) {
    return { status: uiErrorStatus(error.code), body: { error: { code: error.code, message: error.message, ...(error.hint !== undefined && { hint: error.hint }) } } };
  }
  return { status: 500, body: { error: { code: 'UI_SERVE_FAILED', message: errorMessage(error) } } };
}
