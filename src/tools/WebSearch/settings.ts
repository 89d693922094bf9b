import type { SearchBackend } from './types.ts';

/** Tavily's API root; `TAVILY_BASE_URL` overrides it. */
export const DEFAULT_TAVILY_BASE_URL = 'https://api.tavily.com';

/**
 * The SearXNG instance used when `SEARXNG_URL` is unset: a local one, as the `searxng/searxng` Docker image serves
 * it (`docker run -p 8080:8080 searxng/searxng`). 127.0.0.1 rather than `localhost`, so Node does not try `::1` first.
 */
export const DEFAULT_SEARXNG_URL = 'http://127.0.0.1:8080';

/** How long one search may take before it is aborted; `CODEV_WEB_SEARCH_TIMEOUT_MS` overrides it. */
export const DEFAULT_WEB_SEARCH_TIMEOUT_MS = 15_000;

/** Which backend to use and where it is, read from the environment at call time. */
export type SearchSettings =
  | { backend: 'tavily'; baseUrl: string; apiKey: string; timeoutMs: number }
  | { backend: 'searxng'; baseUrl: string; timeoutMs: number };

/** The environment variables WebSearch reads. */
export type SearchEnv = Readonly<Record<string, string | undefined>>;

/**
 * Reads the search settings: Tavily when `TAVILY_API_KEY` is set (non-blank), else SearXNG. Base URLs come from
 * `TAVILY_BASE_URL` / `SEARXNG_URL`, the timeout from `CODEV_WEB_SEARCH_TIMEOUT_MS`. Throws a clear error for
 * a base URL that is not http(s) or a timeout that is not a positive number.
 */
export function readSearchSettings(env: SearchEnv = process.env, overrides: { timeoutMs?: number } = {}): SearchSettings {
  const timeoutMs = overrides.timeoutMs ?? readTimeout(env.CODEV_WEB_SEARCH_TIMEOUT_MS);
  const apiKey = env.TAVILY_API_KEY?.trim();
  if (apiKey) return { backend: 'tavily', apiKey, baseUrl: readBaseUrl('TAVILY_BASE_URL', env.TAVILY_BASE_URL, DEFAULT_TAVILY_BASE_URL), timeoutMs };
  return { backend: 'searxng', baseUrl: readBaseUrl('SEARXNG_URL', env.SEARXNG_URL, DEFAULT_SEARXNG_URL), timeoutMs };
}

/**
 * Is a search backend configured: a Tavily key, or a SearXNG URL set on purpose? Without either, WebSearch
 * would only reach a SearXNG on this machine's port 8080, which is rarely there.
 */
export function hasConfiguredSearchBackend(env: SearchEnv): boolean {
  return Boolean(env.TAVILY_API_KEY?.trim() || env.SEARXNG_URL?.trim());
}

/** The label of a backend in messages. */
export function backendLabel(backend: SearchBackend): string {
  return backend === 'tavily' ? 'Tavily' : 'SearXNG';
}

function readTimeout(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_WEB_SEARCH_TIMEOUT_MS;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new Error(`CODEV_WEB_SEARCH_TIMEOUT_MS must be a positive number of milliseconds, got "${value}"`);
  }
  return number;
}

function readBaseUrl(name: string, value: string | undefined, fallback: string): string {
  const text = value?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${name} is not a valid URL: "${text}". Set it to e.g. ${fallback}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL, got "${text}"`);
  return text.replace(/\/+$/, '');
}

/** `path` under `baseUrl`, keeping any path prefix of the base (e.g. `https://host/searx` → `/searx/search`). */
export function endpoint(baseUrl: string, path: string): URL {
  return new URL(path.replace(/^\//, ''), `${baseUrl.replace(/\/+$/, '')}/`);
}
