import type { IncomingMessage } from 'node:http';

/**
 * Whether a browser sent `request` for a page other than the UI's own (Fetch Metadata: `Sec-Fetch-Site` other
 * than `same-origin`, or `none` for an address the user typed). A cookie does not tell ports apart: a page of any
 * other server on 127.0.0.1 is the same site, so the browser sends it the UI's cookie, and a no-cors GET (fetch,
 * img, script, EventSource-less streams) carries no Origin. A client without Fetch Metadata (curl, a script with
 * the bearer) is not a browser acting for another page.
 */
export function isForeignFetch(request: IncomingMessage): boolean {
  const site = request.headers['sec-fetch-site'];
  return site !== undefined && site !== 'same-origin' && site !== 'none';
}
