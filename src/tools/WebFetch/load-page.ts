import type { CheckAddress } from './create-address-checked-fetch.ts';
import { fetchDirect } from './fetch-direct.ts';
import { fetchJina } from './fetch-jina.ts';
import { isPermittedRedirect } from './is-permitted-redirect.ts';
import { JINA_READER_DEFAULT_BASE_URL } from './prompt.ts';
import type { FetchedPage, FetchFunction, WebFetchRedirect } from './types.ts';
import { isLoopbackHost } from './upgrade-url.ts';
import { webFetchCacheKey } from './web-fetch-cache.ts';
import type { WebFetchCache } from './web-fetch-cache.ts';
import { withDeadline } from './with-deadline.ts';

/**
 * The page at `url`, from the cache when fresh, else through Jina Reader (when `JINA_API_KEY` is set and the host is
 * not loopback) or directly. Stored under the requested and the final URL.
 */
export async function loadPage(options: {
  url: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Connects to the page's host. */
  fetch: FetchFunction;
  /** Connects to Jina Reader. Default: `fetch`. */
  readerFetch?: FetchFunction;
  cache: WebFetchCache;
  cacheTtlMs: number;
  maxBytes: number;
  timeoutMs: number;
  signal: AbortSignal;
  /**
   * The address check of `fetch`'s connections and what it let through: a page is cached with the addresses
   * it came from, and served from the cache only if they pass the check again (the rules may have changed).
   */
  addressCheck?: { check: CheckAddress; passed: ReadonlyArray<{ address: string; hostname: string }> };
}): Promise<{ page: FetchedPage; cached: boolean } | { redirect: WebFetchRedirect }> {
  const apiKey = options.env.JINA_API_KEY;
  const source = apiKey && !isLoopbackHost(new URL(options.url).hostname) ? 'jina' : 'direct';
  const key = webFetchCacheKey(source, options.url);
  const hit = options.cache.get(key, options.cacheTtlMs);
  if (hit) {
    for (const { address, hostname } of hit.addresses ?? []) options.addressCheck?.check(address, hostname);
    return { page: hit, cached: true };
  }

  const deadline = { signal: options.signal, timeoutMs: options.timeoutMs, what: `Fetching ${options.url}` };
  let page: FetchedPage;
  if (source === 'jina') {
    const baseUrl = options.env.JINA_READER_BASE_URL || JINA_READER_DEFAULT_BASE_URL;
    page = await withDeadline(deadline, (signal) => fetchJina({ url: options.url, apiKey: apiKey!, baseUrl, fetch: options.readerFetch ?? options.fetch, signal, maxBytes: options.maxBytes, timeoutMs: options.timeoutMs }));
    // Jina follows redirects itself; content from another host still needs that host's permission.
    if (!isPermittedRedirect(options.url, page.finalUrl)) return { redirect: { originalUrl: options.url, redirectUrl: page.finalUrl, statusCode: 302 } };
  } else {
    const fetched = await withDeadline(deadline, (signal) => fetchDirect({ url: options.url, fetch: options.fetch, signal, maxBytes: options.maxBytes }));
    if ('redirect' in fetched) return fetched;
    page = fetched.page;
  }
  if (options.addressCheck && options.addressCheck.passed.length > 0) page = { ...page, addresses: [...options.addressCheck.passed] };
  if (!page.binary && page.code < 400) {
    options.cache.set(key, page);
    if (page.finalUrl !== options.url) options.cache.set(webFetchCacheKey(source, page.finalUrl), page);
  }
  return { page, cached: false };
}
