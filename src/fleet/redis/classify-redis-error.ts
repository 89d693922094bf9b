import { errorMessage } from '../../errors/codev-error.ts';

/** Socket errors that mean the server cannot be reached (now): ioredis reconnects after each. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What ioredis and BullMQ say of a connection that is gone: a closed stream, a command unanswered too long, or commands given up after their retries. */
const CONNECTION_MESSAGES = /Connection is closed|max retries per request|Stream isn't writeable|connect ETIMEDOUT|ECONNREFUSED|ECONNRESET|Command timed out/i;
/** The server's replies to a client it does not let in (a wrong password, none, an ACL user without the right). */
const AUTH_REPLIES = /\b(WRONGPASS|NOAUTH|NOPERM)\b|AUTH <password> called without any password configured|invalid password/;

/**
 * What a Redis error says of the server: `auth` when it refused the client (`WRONGPASS`, `NOAUTH`,
 * `NOPERM`: no retry helps), `connection` when it could not be reached (a retry may), else undefined (a
 * real error, to be told as it is).
 */
export function classifyRedisError(error: unknown): 'auth' | 'connection' | undefined {
  if (AUTH_REPLIES.test(errorMessage(error))) return 'auth';
  if (error instanceof AggregateError && error.errors.length > 0) return error.errors.every((inner) => classifyRedisError(inner) === 'connection') ? 'connection' : undefined;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return 'connection';
  if ((error as { name?: unknown } | null)?.name === 'MaxRetriesPerRequestError') return 'connection';
  return CONNECTION_MESSAGES.test(errorMessage(error)) ? 'connection' : undefined;
}
