import { CodevError } from '../errors/codev-error.ts';

/**
 * The stable code a promise rejects with (`CodevError.code`), undefined when it resolves, or the error's text
 * when it is not a CodevError, so a test asserts codes, not wording: `expect(await rejectionCode(p)).toBe('SESSION_BUSY')`.
 */
export async function rejectionCode(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return CodevError.isInstance(error) ? error.code : String(error);
  }
}
