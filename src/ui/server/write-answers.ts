import type { ServerResponse } from 'node:http';
import { SECURITY_HEADERS } from './security-headers.ts';

/** Answers JSON, never cached (a session changes under it). */
export function writeJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { ...SECURITY_HEADERS, ...headers, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** Answers an error of the API: `UiError` with codev's code. */
export function writeUiError(response: ServerResponse, status: number, error: { code: string; message: string; hint?: string }, headers: Record<string, string> = {}): void {
  writeJson(response, status, { error }, headers);
}

/** The page a browser without the cookie gets: where the way in is (the URL the command printed). */
const UNAUTHORIZED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>codev ui: open the link the command printed</title></head>
<body><h1>codev ui</h1><p>This page needs its token. Open the URL that <code>codev ui</code> printed (it ends in <code>/?token=…</code>) in this browser.</p></body></html>
`;

export function writeUnauthorizedPage(response: ServerResponse): void {
  response.writeHead(401, { ...SECURITY_HEADERS, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(UNAUTHORIZED_PAGE) });
  response.end(UNAUTHORIZED_PAGE);
}

/** The page that moves a browser entering from another site on to `/`, from this origin (see `enter`). */
const ENTERING_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=/"><title>codev ui</title></head>
<body><p><a href="/">Open codev ui</a></p></body></html>
`;

export function writeEnteringPage(response: ServerResponse, headers: Record<string, string>): void {
  response.writeHead(200, { ...SECURITY_HEADERS, ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(ENTERING_PAGE) });
  response.end(ENTERING_PAGE);
}

/** A plain-text refusal (bad Host, wrong method on the page). */
export function writeText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { ...SECURITY_HEADERS, 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}
