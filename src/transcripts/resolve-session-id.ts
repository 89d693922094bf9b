import { CodevError } from '../errors/codev-error.ts';
import type { SessionStore } from './types.ts';

/** A prefix shorter than this is never taken for an id (as git asks for 4 characters of a commit). */
export const MIN_SESSION_PREFIX = 4;
/** How many candidates an ambiguous prefix names. */
const NAMED = 10;

/**
 * The session id a person typed, in full: the id itself when a session has it, else the one session whose
 * id starts with it. An ambiguous prefix is `SESSION_AMBIGUOUS` naming the candidates; a prefix shorter
 * than `MIN_SESSION_PREFIX` is `SESSION_NOT_FOUND`. An id nothing starts with is returned as it is, for the
 * store to answer (`SESSION_NOT_FOUND` naming the recent sessions). A store without `listIds` takes whole ids only.
 */
export async function resolveSessionId(options: { store: SessionStore; id: string }): Promise<string> {
  const { store, id } = options;
  if (!store.listIds) return id;
  const matches = await store.listIds({ prefix: id });
  if (matches.length === 0 || matches.some((match) => match.id === id)) return id;
  if (id.length < MIN_SESSION_PREFIX) {
    throw new CodevError('SESSION_NOT_FOUND', `No session ${id}`, { hint: `give at least ${MIN_SESSION_PREFIX} characters of a session id (\`codev sessions\` lists them)` });
  }
  if (matches.length === 1) return matches[0]!.id;
  const named = matches.slice(0, NAMED).map((match) => `${match.id} (last written ${match.writtenAt})`);
  const more = matches.length > NAMED ? `, and ${matches.length - NAMED} more` : '';
  throw new CodevError('SESSION_AMBIGUOUS', `"${id}" starts ${matches.length} session ids: ${named.join(', ')}${more}`, { hint: 'give more characters of the id' });
}
