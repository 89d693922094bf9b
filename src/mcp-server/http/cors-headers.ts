import type { ServerResponse } from 'node:http';

/** What a Streamable HTTP client sends and must read, for a browser to let a page do so across origins. */
const ALLOWED_METHODS = 'GET, POST, DELETE';
const ALLOWED_HEADERS = 'authorization, content-type, accept, mcp-session-id, mcp-protocol-version, last-event-id';
const EXPOSED_HEADERS = 'mcp-session-id, mcp-protocol-version, www-authenticate';
/** How long a browser may reuse a preflight's answer (s). */
const PREFLIGHT_MAX_AGE = '600';

/**
 * Lets a browser page of `origin` (one the access check allowed) read this answer and its Mcp-Session-Id. Set
 * before the transport writes its head, which keeps them. No credentials mode: the token travels in a header.
 */
export function allowOrigin(response: ServerResponse, origin: string): void {
  response.setHeader('access-control-allow-origin', origin);
  response.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  response.setHeader('vary', 'Origin');
}

/** Answers a CORS preflight (OPTIONS): what the page may send. It reaches no session. */
export function answerPreflight(response: ServerResponse): void {
  response.writeHead(204, { 'access-control-allow-methods': ALLOWED_METHODS, 'access-control-allow-headers': ALLOWED_HEADERS, 'access-control-max-age': PREFLIGHT_MAX_AGE, allow: `${ALLOWED_METHODS}, OPTIONS` });
  response.end();
}
