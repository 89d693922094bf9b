import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenOnLoopback } from '../listen-on-loopback.ts';
import { readRequest } from '../read-request.ts';
import { estimateJinaTokens, jinaPageData, jinaPageText } from './format-jina-page.ts';
import { jinaErrorBody } from './jina-error.ts';
import type { FakeJinaFailure, FakeJinaPage, FakeJinaRequest, FakeJinaServer, FakeJinaServerOptions } from './types.ts';

/**
 * Starts a fake Jina Reader (r.jina.ai) on 127.0.0.1 speaking the wire format of `shared/specs/jina-reader.md`:
 * `GET /<target-url>` and `POST /` with `url`, JSON envelope or plain-text answers, Bearer keys, and the
 * 401/402/422/429/451 error envelopes.
 *
 * @example
 * const jina = await createFakeJinaServer({ apiKey: 'jina_test', pages: { 'https://example.com/': { title: 'Example', content: '# Hi' } } });
 * // JINA_API_KEY=jina_test JINA_READER_BASE_URL=jina.url
 */
export async function createFakeJinaServer(options: FakeJinaServerOptions = {}): Promise<FakeJinaServer> {
  const requests: FakeJinaRequest[] = [];
  const failures = [...(options.failures ?? [])];
  const minute: number[] = [];
  let balance = options.balance ?? Number.POSITIVE_INFINITY;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { rawBody, headers } = await readRequest(request);
    const path = request.url ?? '/';
    const target = targetOf({ method: request.method ?? 'GET', path, rawBody, contentType: headers['content-type'] ?? '' });
    requests.push({ method: request.method ?? 'GET', path, target, headers, rawBody });
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    const json = (headers.accept ?? '').includes('application/json');
    const fail = (status: FakeJinaFailure['status'], extra: Record<string, string> = {}, message?: string) =>
      send(response, status, JSON.stringify(jinaErrorBody(status, message)), { 'content-type': 'application/json', ...extra });

    const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
    if (options.apiKey !== undefined && (bearer !== undefined ? bearer !== options.apiKey : options.requireKey)) return fail(401);
    const scripted = failures.shift();
    if (scripted) {
      const extra = scripted.status === 429 ? { 'retry-after': String(scripted.retryAfterSeconds ?? 1) } : undefined;
      return fail(scripted.status, extra, scripted.message);
    }
    const now = Date.now();
    while (minute.length > 0 && minute[0]! < now - 60_000) minute.shift();
    if (options.requestsPerMinute !== undefined && minute.length >= options.requestsPerMinute) return fail(429, { 'retry-after': '60' });
    minute.push(now);
    if (target === '') {
      const account = { usage1: 'https://r.jina.ai/YOUR_URL', usage2: 'https://s.jina.ai/YOUR_SEARCH_QUERY', homepage: 'https://jina.ai/reader', authenticatedAs: bearer ? 'fake-user' : 'anonymous', balanceLeft: Number.isFinite(balance) ? balance : 10_000_000 };
      return send(response, 200, JSON.stringify({ code: 200, status: 20000, data: account }), { 'content-type': 'application/json' });
    }
    let host: string;
    try {
      host = new URL(target).hostname;
    } catch {
      return fail(422, {}, `Invalid URL: ${target}`);
    }
    if ((options.blockedHosts ?? ['localhost', '127.0.0.1']).includes(host)) return fail(451, {}, `Domain ${host} is not allowed`);
    const page = pageFor(options.pages, target);
    if (!page) return fail(422, {}, `Failed to goto ${target}: net::ERR_NAME_NOT_RESOLVED`);
    const data = jinaPageData({ page, target, headers });
    const tokens = (data.usage as { tokens: number }).tokens;
    if (balance < tokens) return fail(402);
    balance -= tokens;
    if (json) return send(response, 200, JSON.stringify({ code: 200, status: 20000, data, meta: { usage: { tokens } } }), { 'content-type': 'application/json' });
    const text = jinaPageText(data);
    return send(response, 200, text, { 'content-type': 'text/plain; charset=utf-8', 'x-usage-tokens': String(estimateJinaTokens(text)) });
  }

  const server = await listenOnLoopback({
    port: options.port,
    handle: (request, response) =>
      handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) send(response, 500, JSON.stringify({ data: null, code: 500, name: 'InternalServerError', status: 50000, message: String(error) }), { 'content-type': 'application/json' });
      }),
  });
  return { url: server.url, requests, close: () => server.close() };
}

/** The target of a request: the path after the first `/` for GET, the `url` field for POST; '' for `GET /`. */
function targetOf(options: { method: string; path: string; rawBody: string; contentType: string }): string {
  if (options.method === 'POST') {
    if (options.contentType.includes('application/json')) {
      try {
        return String((JSON.parse(options.rawBody) as { url?: unknown }).url ?? '');
      } catch {
        return '';
      }
    }
    return new URLSearchParams(options.rawBody).get('url') ?? '';
  }
  const rest = options.path.slice(1);
  return rest === '' ? '' : decodeTarget(rest);
}

function decodeTarget(rest: string): string {
  try {
    return new URL(rest).href;
  } catch {
    return rest;
  }
}

function pageFor(pages: FakeJinaServerOptions['pages'], target: string): FakeJinaPage | undefined {
  if (typeof pages === 'function') return pages(target);
  return pages?.[target];
}

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  response.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
  response.end(body);
}
