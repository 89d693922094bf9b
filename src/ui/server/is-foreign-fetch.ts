import type { IncomingMessage } from 'node:http';

/**
 * Whether a browser sent `request` for a page other than the UI's own (Fetch Metadata: `Sec-Fetch-Site` other
 * than `same-origin`, or `none` for an address the user typed). A cookie does not tell ports apart: a page of any
 * other server on 127.0.0.1 is the same site, so the browser sends it the UI's cookie, and a no-cors GET (fetch,
 * img, script, EventSource-less streams) carries no Origin. A request signed in by the cookie comes from a browser,
 * and every browser codev ui serves sends Fetch Metadata: without it, it is refused too (an older browser would
 * else let any page of another port call the API with the cookie). A bearer client (curl, a script) sends none.
 */
export function isForeignFetch(request: IncomingMessage, signedInBy: 'bearer' | 'cookie'): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === undefined) return signedInBy === 'cookie';
  return site !== 'same-origin' && site !== 'none';
}
