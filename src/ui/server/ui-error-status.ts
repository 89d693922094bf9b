import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import type { UiError } from '../types.ts';

/** The HTTP status a code answers with: a thing that is not there 404, a request that is wrong 400, the rest 500. */
export function uiErrorStatus(code: string): number {
  if (code.endsWith('_NOT_FOUND') || code === 'FLEET_NOT_CONFIGURED') return 404;
  if (code === 'CLI_USAGE' || code.endsWith('_INVALID')) return 400;
  return 500;
}

/** What a failure answers: a CodevError's code, message and hint; anything else is UI_SERVE_FAILED (its message only). */
export function toUiError(error: unknown): { status: number; body: UiError } {
  if (CodevError.isInstance(error)) {
    return { status: uiErrorStatus(error.code), body: { error: { code: error.code, message: error.message, ...(error.hint !== undefined && { hint: error.hint }) } } };
  }
  return { status: 500, body: { error: { code: 'UI_SERVE_FAILED', message: errorMessage(error) } } };
}
