import { clip, type FetchFunction, fetchText, formatDuration, parseJson } from './fetch-text.ts';
import { WEB_SEARCH_MAX_RESULTS, WEB_SEARCH_SNIPPET_CHARS } from './prompt.ts';
import { endpoint } from './settings.ts';
import { WebSearchError } from './web-search-error.ts';
import type { WebSearchResult } from './types.ts';

/** The body WebSearch sends to `POST /search` (snake_case, per the Tavily spec). */
export interface TavilySearchBody {
  query: string;
  search_depth: 'basic';
  topic: 'general';
  max_results: number;
  include_answer: false;
  include_raw_content: false;
  include_images: false;
  include_domains?: string[];
  exclude_domains?: string[];
}

/** Searches Tavily. Domain filters go to Tavily as `include_domains` / `exclude_domains`. */
export async function searchTavily(options: {
  query: string;
  allowedDomains?: readonly string[];
  blockedDomains?: readonly string[];
  apiKey: string;
  baseUrl: string;
  timeoutMs: number;
  signal: AbortSignal;
  fetch?: FetchFunction;
}): Promise<WebSearchResult[]> {
  const body: TavilySearchBody = {
    query: options.query,
    search_depth: 'basic',
    topic: 'general',
    max_results: WEB_SEARCH_MAX_RESULTS,
    include_answer: false,
    include_raw_content: false,
    include_images: false,
    ...(options.allowedDomains?.length ? { include_domains: [...options.allowedDomains] } : {}),
    ...(options.blockedDomains?.length ? { exclude_domains: [...options.blockedDomains] } : {}),
  };
  const url = endpoint(options.baseUrl, '/search');
  const outcome = await fetchText({
    url,
    init: {
      method: 'POST',
      headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json', 'x-client-source': 'codev' },
      body: JSON.stringify(body),
    },
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    fetch: options.fetch,
  });
  if (!outcome.ok) {
    if (outcome.reason === 'timeout') {
      throw new WebSearchError(`Tavily did not answer within ${formatDuration(options.timeoutMs)} (timeout at ${options.baseUrl}): try again, or raise CODEV_WEB_SEARCH_TIMEOUT_MS`, 'tavily');
    }
    throw new WebSearchError(`Tavily is not reachable at ${options.baseUrl} (${outcome.code ?? outcome.detail}): check the network connection or TAVILY_BASE_URL`, 'tavily');
  }
  const json = parseJson(outcome.text);
  if (outcome.status !== 200) throw tavilyError(outcome.status, json, outcome.headers);
  const results = (json as { results?: unknown } | undefined)?.results;
  if (!Array.isArray(results)) {
    throw new WebSearchError(`Tavily returned an unexpected response (HTTP ${outcome.status}, no "results" list): check TAVILY_BASE_URL points at the Tavily API`, 'tavily', outcome.status);
  }
  return results.flatMap((entry): WebSearchResult[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { url: link, title, content, published_date } = entry as Record<string, unknown>;
    if (typeof link !== 'string' || link === '') return [];
    return [{
      url: link,
      title: typeof title === 'string' && title.trim() !== '' ? clip(title, 200) : link,
      snippet: typeof content === 'string' ? clip(content, WEB_SEARCH_SNIPPET_CHARS) : '',
      ...(typeof published_date === 'string' && published_date ? { publishedDate: published_date } : {}),
    }];
  });
}

/** The error of a non-200 Tavily answer, with the fix. */
function tavilyError(status: number, json: unknown, headers: Headers): WebSearchError {
  const detail = errorDetail(json);
  const said = detail ? ` Tavily said: "${detail}"` : '';
  const message = (() => {
    switch (status) {
      case 400:
        return `Tavily rejected the request (400): the search parameters are invalid.${said}`;
      case 401:
        return `Tavily rejected the API key (401): check TAVILY_API_KEY (keys look like tvly-...), or unset it to use SearXNG.${said}`;
      case 403:
        return `Tavily refused access (403): the API key may not be allowed to use this endpoint; check the key on the Tavily dashboard.${said}`;
      case 429: {
        const retry = headers.get('retry-after');
        return `Tavily rate limit reached (429): too many requests per minute; wait${retry ? ` ${retry} s` : ' a minute'} and try again.${said}`;
      }
      case 432:
        return `Tavily plan usage limit exceeded (432): the monthly credits are used up; upgrade the plan at app.tavily.com, or unset TAVILY_API_KEY to use SearXNG.${said}`;
      case 433:
        return `Tavily pay-as-you-go limit exceeded (433): raise the limit on the Tavily dashboard, or unset TAVILY_API_KEY to use SearXNG.${said}`;
      default:
        if (status >= 500) return `Tavily had a server error (${status}): try again later.${said}`;
        return `Tavily answered with HTTP ${status}: check TAVILY_BASE_URL and TAVILY_API_KEY.${said}`;
    }
  })();
  return new WebSearchError(message, 'tavily', status);
}

/** `detail.error` (Tavily), a `detail` string, or FastAPI's validation list, as one line. */
function errorDetail(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const detail = (json as { detail?: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail.map((item) => (typeof item === 'object' && item !== null && typeof (item as { msg?: unknown }).msg === 'string' ? `${((item as { loc?: unknown[] }).loc ?? []).join('.')}: ${(item as { msg: string }).msg}` : JSON.stringify(item))).join('; ');
  }
  if (typeof detail === 'object' && detail !== null && typeof (detail as { error?: unknown }).error === 'string') return (detail as { error: string }).error;
  const error = (json as { error?: unknown }).error;
  if (typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string') return (error as { message: string }).message;
  return undefined;
}
