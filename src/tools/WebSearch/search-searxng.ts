import { clip, type FetchFunction, fetchText, formatDuration, parseJson } from './fetch-text.ts';
import { WEB_SEARCH_SNIPPET_CHARS } from './prompt.ts';
import { DEFAULT_SEARXNG_URL, endpoint } from './settings.ts';
import type { WebSearchResult } from './types.ts';
import { WebSearchError } from './web-search-error.ts';

/** Searches a SearXNG instance: `GET /search?q=...&format=json`. SearXNG has no domain filter; the caller filters. */
export async function searchSearxng(options: {
  query: string;
  baseUrl: string;
  timeoutMs: number;
  signal: AbortSignal;
  fetch?: FetchFunction;
}): Promise<{ results: WebSearchResult[]; unresponsiveEngines: [string, string][] }> {
  const url = endpoint(options.baseUrl, '/search');
  url.searchParams.set('q', options.query);
  url.searchParams.set('format', 'json');
  url.searchParams.set('pageno', '1');
  const outcome = await fetchText({ url, init: { method: 'GET', headers: { accept: 'application/json' } }, timeoutMs: options.timeoutMs, signal: options.signal, fetch: options.fetch });
  const base = options.baseUrl;
  if (!outcome.ok) {
    if (outcome.reason === 'timeout') {
      throw new WebSearchError(`SearXNG did not answer within ${formatDuration(options.timeoutMs)} (timeout at ${base}): check the instance is healthy (its engines may be slow), or raise CODEV_WEB_SEARCH_TIMEOUT_MS`, 'searxng');
    }
    const fix = base === DEFAULT_SEARXNG_URL
      ? 'start it (docker run -d -p 8080:8080 -v "$PWD/searxng:/etc/searxng" searxng/searxng) or set SEARXNG_URL, or set TAVILY_API_KEY to use Tavily'
      : 'start it or fix SEARXNG_URL, or set TAVILY_API_KEY to use Tavily';
    throw new WebSearchError(`SearXNG is not reachable at ${base} (${outcome.code ?? outcome.detail}): ${fix}`, 'searxng');
  }
  const json = parseJson(outcome.text);
  if (outcome.status !== 200) throw searxngError(outcome.status, json, base);
  if (typeof json !== 'object' || json === null || !Array.isArray((json as { results?: unknown }).results)) {
    throw new WebSearchError(`SearXNG at ${base} returned no JSON results (HTTP ${outcome.status}): check SEARXNG_URL points at a SearXNG instance with the json format enabled`, 'searxng', outcome.status);
  }
  const body = json as { results: unknown[]; unresponsive_engines?: unknown };
  const results = body.results.flatMap((entry): WebSearchResult[] => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { url: link, title, content, publishedDate } = entry as Record<string, unknown>;
    if (typeof link !== 'string' || link === '') return [];
    return [{
      url: link,
      title: typeof title === 'string' && title.trim() !== '' ? clip(title, 200) : link,
      snippet: typeof content === 'string' ? clip(content, WEB_SEARCH_SNIPPET_CHARS) : '',
      ...(typeof publishedDate === 'string' && publishedDate ? { publishedDate } : {}),
    }];
  });
  const unresponsiveEngines = Array.isArray(body.unresponsive_engines)
    ? body.unresponsive_engines.flatMap((item): [string, string][] => {
        if (Array.isArray(item) && typeof item[0] === 'string') return [[item[0], typeof item[1] === 'string' ? item[1] : 'error']];
        if (typeof item === 'string') return [[item, 'error']];
        return [];
      })
    : [];
  return { results, unresponsiveEngines };
}

function searxngError(status: number, json: unknown, base: string): WebSearchError {
  const error = typeof json === 'object' && json !== null && typeof (json as { error?: unknown }).error === 'string' ? (json as { error: string }).error : undefined;
  const said = error ? ` SearXNG said: "${error}"` : '';
  const message = (() => {
    switch (status) {
      case 403:
        return `SearXNG returned 403 at ${base}: the JSON API is disabled; enable the json format in settings.yml (search.formats: [html, json]) and restart SearXNG, or set TAVILY_API_KEY to use Tavily`;
      case 400:
        return `SearXNG rejected the query (400).${said}`;
      case 429:
        return `SearXNG rate-limited the request (429) at ${base}: its bot limiter is on; set server.limiter: false in settings.yml for API use`;
      case 404:
        return `SearXNG returned 404 at ${base}/search: SEARXNG_URL does not point at a SearXNG instance`;
      default:
        if (status >= 500) return `SearXNG had a server error (${status}) at ${base}: check its logs and try again.${said}`;
        return `SearXNG answered with HTTP ${status} at ${base}: check SEARXNG_URL.${said}`;
    }
  })();
  return new WebSearchError(message, 'searxng', status);
}
