import type { ServerResponse } from 'node:http';
import { DEFAULT_FAKE_DOCUMENTS, findDocuments } from './documents.ts';
import { recordSearchRequest } from './record-request.ts';
import { sendJson, sendText, sleep, startServer } from './start-server.ts';
import type { FakeSearchServer, FakeSearchServerOptions, RecordedSearchRequest } from './types.ts';

/** The body of SearXNG's 403 when the requested format is not in `search.formats` (werkzeug's default page). */
export const SEARXNG_FORBIDDEN_HTML =
  "<!doctype html>\n<html lang=en>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>\n<p>You don't have the permission to access the requested resource. It is either read-protected or not readable by the server.</p>\n";

/** How many results one page holds. */
export const FAKE_SEARXNG_PAGE_SIZE = 10;

/** Options of {@link createFakeSearxngServer}. */
export interface FakeSearxngServerOptions extends FakeSearchServerOptions {
  /** `search.formats` of settings.yml. Default `['html', 'json']`; leave out `json` to get the 403. */
  formats?: readonly string[];
  /** `unresponsive_engines` of every answer, e.g. `[['google', 'timeout']]`. Default `[]`. */
  unresponsiveEngines?: readonly (readonly [string, string])[];
}

/**
 * Starts a fake SearXNG instance on 127.0.0.1 following the SearXNG search API specification: `GET`/`POST /search`
 * (query string or form), `/` with a query redirects (308), `GET /healthz`; 403 HTML when `json` is not an
 * enabled format, 400 `{"error":"No query"}`, 400 for a bad `pageno`, scripted 429/500; the eight top-level
 * keys always present; no domain filtering (SearXNG has none), paging by `pageno`.
 *
 * @example
 * const searxng = await createFakeSearxngServer({ formats: ['html'] }); // json disabled → 403
 * // SEARXNG_URL=searxng.url ...
 * await searxng.close();
 */
export async function createFakeSearxngServer(options: FakeSearxngServerOptions = {}): Promise<FakeSearchServer> {
  const requests: RecordedSearchRequest[] = [];
  const script = [...(options.script ?? [])];
  const documents = options.documents ?? DEFAULT_FAKE_DOCUMENTS;
  const formats = new Set(options.formats ?? ['html', 'json']);
  const server = await startServer(async (request, response, signal) => {
    const recorded = await recordSearchRequest(request);
    requests.push(recorded);
    await sleep(options.latencyMs ?? 0, signal);
    if (recorded.method === 'GET' && recorded.path === '/healthz') return sendText(response, 200, 'OK', 'text/plain');
    if (recorded.path === '/' && 'q' in recorded.query) {
      const location = `/search?${new URLSearchParams(recorded.query)}`;
      return sendText(response, 308, '', 'text/html; charset=utf-8', { location });
    }
    if (recorded.path !== '/search' || (recorded.method !== 'GET' && recorded.method !== 'POST')) return sendText(response, 404, '<h1>Not Found</h1>');
    const params: Record<string, string> = { ...recorded.query };
    if (recorded.method === 'POST') for (const [key, value] of Object.entries(recorded.body)) params[key] = String(value);
    let format = params.format ?? 'html';
    if (!['json', 'csv', 'rss', 'html'].includes(format)) format = 'html';
    if (!formats.has(format)) return sendText(response, 403, SEARXNG_FORBIDDEN_HTML);
    if (format !== 'json') return sendText(response, 200, `<!doctype html><title>${escapeHtml(params.q ?? '')} - SearXNG</title>`);
    const item = script.shift();
    if (item?.type === 'delay') await sleep(item.ms, signal);
    if (item?.type === 'error') return sendScriptedError(response, item.status, item.message);
    const query = (params.q ?? '').trim();
    if (query === '') return sendJson(response, 400, { error: 'No query' });
    const pageno = params.pageno ?? '1';
    if (!/^\d+$/.test(pageno) || Number(pageno) < 1) return sendJson(response, 400, { error: `Invalid value "${pageno}" for parameter pageno` });
    const start = (Number(pageno) - 1) * FAKE_SEARXNG_PAGE_SIZE;
    const page = findDocuments(documents, query).slice(start, start + FAKE_SEARXNG_PAGE_SIZE);
    sendJson(response, 200, {
      query,
      number_of_results: 0,
      results: page.map((document, index) => toResult(document.url, document.title, document.content, document.publishedDate ?? null, start + index)),
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [`${query} tutorial`],
      unresponsive_engines: (options.unresponsiveEngines ?? []).map(([engine, error]) => [engine, error]),
    });
  }, options.port);
  return { url: server.url, requests, close: server.close };
}

function toResult(url: string, title: string, content: string, publishedDate: string | null, position: number) {
  const parsed = new URL(url);
  return {
    url,
    title,
    content,
    engine: 'duckduckgo',
    parsed_url: [parsed.protocol.replace(/:$/, ''), parsed.host, parsed.pathname, '', parsed.search.replace(/^\?/, ''), parsed.hash.replace(/^#/, '')],
    template: 'default.html',
    engines: ['duckduckgo', 'bing'],
    positions: [position + 1],
    score: Math.round((2 / (position + 1)) * 1e6) / 1e6,
    category: 'general',
    publishedDate,
    thumbnail: '',
    img_src: '',
    iframe_src: '',
    priority: '',
    pubdate: '',
  };
}

function sendScriptedError(response: ServerResponse, status: number, message?: string): void {
  if (status === 429) return sendText(response, 429, '<!doctype html><title>429 Too Many Requests</title><h1>Too Many Requests</h1>');
  if (status === 403) return sendText(response, 403, SEARXNG_FORBIDDEN_HTML);
  sendJson(response, status, { error: message ?? (status >= 500 ? 'search error' : 'Invalid value') });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
}
