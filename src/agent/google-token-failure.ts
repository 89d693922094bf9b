/** Network errors that a token endpoint restarting, or a busy proxy, looks like: worth another try. */
const PASSING_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT']);

/**
 * Whether the Vertex SDK's `Failed to acquire Google OAuth credentials` (which it throws as a connection error, to
 * be retried) came of a passing failure of Google's token endpoint: its answer a 5xx, 429 or 408 (google-auth-library's
 * error carries `status`, or `response.status`), or a connection refused, reset or timed out. Then trying again may
 * help; a refusal (400 `invalid_grant`, 401) or credentials that cannot be found or read may not.
 */
export function isPassingTokenFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 8; current = (current as { cause?: unknown }).cause, depth++) {
    const { status, response, code } = current as { status?: unknown; response?: { status?: unknown }; code?: unknown };
    const answered = typeof status === 'number' ? status : typeof response?.status === 'number' ? response.status : undefined;
    if (answered !== undefined) return answered >= 500 || answered === 429 || answered === 408;
    if (typeof code === 'string' && PASSING_CODES.has(code)) return true;
  }
  return false;
}
