import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UiAccess } from './create-ui-access.ts';
import { isForeignFetch } from './is-foreign-fetch.ts';
import type { RouteTable } from './match-route.ts';
import { entryLocation } from './entry-location.ts';
import { readJsonBody } from './read-json-body.ts';
import { readPageFile } from './read-page-file.ts';
import { SECURITY_HEADERS } from './security-headers.ts';
import type { UiReply, UiServerContext } from './types.ts';
import { toUiError } from './ui-error-status.ts';
import type { UiStreams } from './ui-streams.ts';
import { writeEnteringPage, writeJson, writeText, writeUiError, writeUnauthorizedPage } from './write-answers.ts';

/** What every request is judged and answered with: one server's access rules, routes, page folder, streams. */
export interface UiRequestHandling {
  access: UiAccess;
  routes: RouteTable;
  pageDirectory: string;
  streams: UiStreams;
  context: UiServerContext;
}

/**
 * One request, in stages: access (Host, Origin, token), then the token's way in (`/?token=` → a session cookie),
 * then the API (`/api/…`: routes, JSON, streams) or the page (`/assets/…`, else index.html).
 */
export async function handleUiRequest(handling: UiRequestHandling, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const verdict = handling.access.check(request);
  if (verdict.kind === 'refused') return writeText(response, verdict.status, `${verdict.message}\n`);
  const url = new URL(request.url ?? '/', 'http://codev.invalid');
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    if (!verdict.authenticated) return writeUiError(response, 401, { code: 'UI_SERVE_FAILED', message: 'The token is missing or wrong.', hint: 'open the URL codev ui printed, or send Authorization: Bearer <token>' }, { 'www-authenticate': 'Bearer realm="codev ui"' });
    if (isForeignFetch(request, verdict.authenticated)) return writeUiError(response, 403, { code: 'UI_SERVE_FAILED', message: 'The API answers only the page of codev ui itself (Sec-Fetch-Site).' });
    return answerApi(handling, { request, response, url });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return writeText(response, 405, 'Method Not Allowed\n');
  const token = url.pathname.startsWith('/assets/') ? null : url.searchParams.get('token');
  if (token !== null) return enter(handling, { response, token, location: entryLocation(url), crossSite: isForeignFetch(request, 'bearer') });
  if (!verdict.authenticated) return writeUnauthorizedPage(response);
  return answerPage(handling, { request, response, pathname: url.pathname });
}

/**
 * `<page>?token=T`: the cookie (a new session secret, not the token: see `createUiSessions`), and a redirect to
 * that page that takes the token out of the address bar and the history. Entered from another site (the page
 * `--open` writes, a link elsewhere), a redirect would go on in that site's chain, where a SameSite=Strict cookie is
 * not sent: the page itself then moves on to `/` (a refresh, no script).
 */
function enter(handling: UiRequestHandling, options: { response: ServerResponse; token: string; location: string; crossSite: boolean }): void {
  if (!handling.access.isToken(options.token)) return writeUnauthorizedPage(options.response);
  const cookie = `${handling.access.cookieName}=${handling.access.startSession()}; HttpOnly; SameSite=Strict; Path=/`;
  if (options.crossSite) return writeEnteringPage(options.response, { 'set-cookie': cookie });
  options.response.writeHead(303, { ...SECURITY_HEADERS, location: options.location, 'cache-control': 'no-store', 'set-cookie': cookie });
  options.response.end();
}

async function answerPage(handling: UiRequestHandling, options: { request: IncomingMessage; response: ServerResponse; pathname: string }): Promise<void> {
  const { response, pathname } = options;
  const asset = pathname.startsWith('/assets/');
  // Any other path is the page's own route (client routing): the page answers it.
  const file = await readPageFile({ pageDirectory: handling.pageDirectory, relative: asset ? pathname.slice(1) : 'index.html' });
  if (!file) return writeText(response, 404, 'Not Found\n');
  // The asset names carry no hash: the browser asks again each time (a rebuilt page is never stale).
  response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': file.contentType, 'cache-control': asset ? 'no-cache' : 'no-store', 'content-length': file.bytes.length });
  response.end(options.request.method === 'HEAD' ? undefined : file.bytes);
}

async function answerApi(handling: UiRequestHandling, options: { request: IncomingMessage; response: ServerResponse; url: URL }): Promise<void> {
  const { request, response, url } = options;
  const method = request.method ?? 'GET';
  const found = handling.routes.match(method, url.pathname);
  if (found === undefined) return writeUiError(response, 404, { code: 'UI_SERVE_FAILED', message: `No API route ${method} ${url.pathname}.` });
  if (found === 'method-not-allowed') return writeUiError(response, 405, { code: 'UI_SERVE_FAILED', message: `${url.pathname} does not answer ${method}.` });
  let body: unknown;
  if (method === 'POST') {
    const refusal = refusePost(request);
    if (refusal) return writeUiError(response, refusal.status, { code: 'UI_SERVE_FAILED', message: refusal.message });
    const parsed = await readJsonBody(request);
    if (parsed.kind === 'refused') {
      // What was not read stays unread: the connection is not reused.
      response.shouldKeepAlive = false;
      return writeUiError(response, parsed.status, { code: parsed.code, message: parsed.message });
    }
    body = parsed.value;
  }
  const requestGone = new AbortController();
  response.on('close', () => requestGone.abort());
  const signal = AbortSignal.any([requestGone.signal, handling.context.signal]);
  let reply: UiReply;
  try {
    reply = await found.route.handle({ params: found.params, query: url.searchParams, ...(body !== undefined && { body }), signal }, handling.context);
  } catch (error) {
    const { status, body: answer } = toUiError(error);
    return writeJson(response, status, answer);
  }
  if ('json' in reply) return writeJson(response, reply.status ?? 200, reply.json);
  if (!handling.streams.open({ reply, response, signal })) writeUiError(response, 503, { code: 'UI_SERVE_FAILED', message: 'Too many open streams.', hint: 'close other tabs of codev ui' }, { 'retry-after': '5' });
}

/**
 * A POST must say JSON (a form of another site can send only text/plain, urlencoded or multipart without a
 * preflight) and come from this server's own page (its Origin is the address the browser used, which Host names).
 */
function refusePost(request: IncomingMessage): { status: number; message: string } | undefined {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') return { status: 415, message: 'A POST must have content-type: application/json.' };
  const origin = request.headers.origin?.toLowerCase();
  if (origin === undefined || origin !== `http://${request.headers.host?.toLowerCase()}`) return { status: 403, message: 'A POST must come from this server\'s own page (Origin).' };
  return undefined;
}
