import { CodevError } from '../../errors/codev-error.ts';

/** The file store's rule (an id is a plain file name), kept here too so a session moves between stores unchanged. */
const SESSION_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** `id` when it is a valid session id, else `SESSION_NOT_FOUND` (no session can have it). */
export function checkedSessionId(id: string): string {
  if (!SESSION_ID.test(id)) throw new CodevError('SESSION_NOT_FOUND', `"${id}" is not a session id`, { hint: 'a session id is a file name: letters, digits, ".", "_" and "-" (codev makes UUIDs)' });
  return id;
}
