import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { DEFAULT_FAKE_DOCUMENTS, findDocuments, hostMatches } from './documents.ts';
import { recordSearchRequest } from './record-request.ts';
import { sendJson, sleep, startServer } from './start-server.ts';
import type { FakeSearchServer, FakeSearchServerOptions, RecordedSearchRequest } from './types.ts';

/** The key the fake Tavily server accepts unless `apiKeys` says otherwise. */
export const FAKE_TAVILY_API_KEY = 'tvly-dev-fake-key';

/** Tavily's documented error texts (help.tavily.com "Errors Code"), by status. */
export const TAVILY_ERROR_MESSAGES: Readonly<Record<number, string>> = Object.freeze({
  400: '400 Bad Request',
  401: 'Unauthorized: missing or invalid API key.',
  403: 'Forbidden: access to this resource is denied.',
  429: 'Your request has been blocked due to excessive requests. Please reduce rate of requests.',
  432: "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com",
  433: 'This request exceeds the pay-as-you-go limit. You can increase your limit on the Tavily dashboard.',
  500: 'Internal Server Error',
});

const TOPICS = new Set(['general', 'news', 'finance']);
const DEPTHS = new Set(['basic', 'advanced', 'fast', 'ultra-fast']);

/** Options of {@link createFakeTavilyServer}. */
export interface FakeTavilyServerOptions extends FakeSearchServerOptions {
  /** Keys accepted as `Authorization: Bearer` or body `api_key`. Default `[FAKE_TAVILY_API_KEY]`. */
  apiKeys?: readonly string[];
}

/**
 * Starts a fake Tavily API (`POST /search`) on 127.0.0.1 following the Tavily API specification: Bearer or body
 * `api_key` auth, `{"detail":{"error":...}}` errors (401 bad key, 400 bad parameters, scripted 429 with
 * `retry-after`, 432, 433, 500), `include_domains` / `exclude_domains`, `max_results` (default 5, at most 20) and
 * the full response shape (`images` always present).
 *
 * @example
 * const tavily = await createFakeTavilyServer({ script: [{ type: 'error', status: 432 }] });
 * // TAVILY_BASE_URL=tavily.url TAVILY_API_KEY=FAKE_TAVILY_API_KEY ...
 * await tavily.close();
 */
export async function createFakeTavilyServer(options: FakeTavilyServerOptions = {}): Promise<FakeSearchServer> {
  const requests: RecordedSearchRequest[] = [];
  const script = [...(options.script ?? [])];
  const documents = options.documents ?? DEFAULT_FAKE_DOCUMENTS;
  const keys = new Set(options.apiKeys ?? [FAKE_TAVILY_API_KEY]);
  const server = await startServer(async (request, response, signal) => {
    const recorded = await recordSearchRequest(request);
    requests.push(recorded);
    await sleep(options.latencyMs ?? 0, signal);
    if (recorded.method !== 'POST' || recorded.path !== '/search') {
      return sendJson(response, 404, { detail: 'Not Found' });
    }
    const key = bearerKey(recorded.headers.authorization) ?? (typeof recorded.body.api_key === 'string' ? recorded.body.api_key : undefined);
    if (!key || !keys.has(key)) return sendError(response, 401);
    const item = script.shift();
    if (item?.type === 'delay') await sleep(item.ms, signal);
    if (item?.type === 'error') {
      const headers: Record<string, string> = item.status === 429 ? { 'retry-after': String(item.retryAfterSeconds ?? 60) } : {};
      return sendError(response, item.status, item.message, headers);
    }
    const started = performance.now();
    const body = recorded.body;
    const problem = validateSearchBody(body);
    if (problem) return sendError(response, 400, problem);
    const include = (body.include_domains as string[] | undefined) ?? [];
    const exclude = (body.exclude_domains as string[] | undefined) ?? [];
    const maxResults = (body.max_results as number | undefined) ?? 5;
    const topic = (body.topic as string | undefined) ?? 'general';
    const found = findDocuments(documents, body.query as string)
      .filter((document) => include.length === 0 || include.some((domain) => hostMatches(document.url, domain)))
      .filter((document) => !exclude.some((domain) => hostMatches(document.url, domain)))
      .slice(0, maxResults);
    const results = found.map((document, index) => ({
      url: document.url,
      title: document.title,
      content: document.content,
      score: Math.round((0.95 - index * 0.07) * 10_000) / 10_000,
      raw_content: body.include_raw_content ? `# ${document.title}\n\n${document.content}` : null,
      ...(topic === 'news' ? { published_date: new Date(document.publishedDate ?? '2025-06-14T08:00:00Z').toUTCString() } : {}),
    }));
    const answer = body.include_answer ? `Fake answer for: ${body.query as string}` : null;
    sendJson(response, 200, {
      query: body.query,
      follow_up_questions: null,
      answer,
      images: [],
      results,
      response_time: Math.round((performance.now() - started) / 10) / 100 + 0.01,
      request_id: randomUUID(),
    });
  }, options.port);
  return { url: server.url, requests, close: server.close };
}

function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

function sendError(response: ServerResponse, status: number, message?: string, headers: Record<string, string> = {}): void {
  sendJson(response, status, { detail: { error: message ?? TAVILY_ERROR_MESSAGES[status] ?? `${status} Error` } }, headers);
}

/** Why a search body is invalid (the text of the 400), or undefined. */
function validateSearchBody(body: Record<string, unknown>): string | undefined {
  if (typeof body.query !== 'string' || body.query.trim() === '') return 'Query is missing.';
  if (body.topic !== undefined && !TOPICS.has(body.topic as string)) return `Invalid topic. Must be 'general', 'news' or 'finance'.`;
  if (body.search_depth !== undefined && !DEPTHS.has(body.search_depth as string)) return `Invalid search depth. Must be 'basic' or 'advanced'.`;
  const max = body.max_results;
  if (max !== undefined && (typeof max !== 'number' || !Number.isInteger(max) || max < 0 || max > 20)) return 'max_results must be an integer between 0 and 20.';
  for (const field of ['include_domains', 'exclude_domains']) {
    const value = body[field];
    if (value !== undefined && (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string'))) return `${field} must be a list of strings.`;
  }
  return undefined;
}
