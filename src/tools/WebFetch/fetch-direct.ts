import { CodevError } from '../../errors/codev-error.ts';
import { contentToMarkdown } from './content-to-markdown.ts';
import { isPermittedRedirect } from './is-permitted-redirect.ts';
import { WEB_FETCH_MAX_REDIRECTS, WEB_FETCH_USER_AGENT } from './prompt.ts';
import { readLimitedBody } from './read-limited-body.ts';
import type { FetchedPage, FetchFunction, WebFetchRedirect } from './types.ts';

/**
 * Fetches `url` itself with `redirect: 'manual'`: same-host redirects are followed (up to a few hops), a redirect to
 * another host is returned as `{ redirect }` for the model to fetch again, and the body is read up to `maxBytes`.
 */
export async function fetchDirect(options: { url: string; fetch: FetchFunction; signal: AbortSignal; maxBytes: number }): Promise<{ page: FetchedPage } | { redirect: WebFetchRedirect }> {
  let current = options.url;
  for (let hop = 0; hop <= WEB_FETCH_MAX_REDIRECTS; hop++) {
    const response = await options.fetch(current, {
      redirect: 'manual',
      signal: options.signal,
      headers: { 'user-agent': WEB_FETCH_USER_AGENT, accept: 'text/markdown, text/html;q=0.9, text/plain;q=0.8, */*;q=0.5' },
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => undefined);
      const next = new URL(location, current).href;
      if (!isPermittedRedirect(current, next)) return { redirect: { originalUrl: options.url, redirectUrl: next, statusCode: response.status } };
      current = next;
      continue;
    }
    const body = await readLimitedBody({ response, maxBytes: options.maxBytes, url: current });
    const contentType = response.headers.get('content-type') ?? '';
    const converted = await contentToMarkdown({ body, contentType, url: current });
    return {
      page: {
        finalUrl: current,
        code: response.status,
        codeText: response.statusText,
        bytes: body.byteLength,
        contentType,
        markdown: converted.markdown,
        title: converted.title,
        binary: converted.binary,
        source: 'direct',
      },
    };
  }
  throw new CodevError('TOOL_FAILED', `Too many redirects (more than ${WEB_FETCH_MAX_REDIRECTS}) fetching ${options.url}`, { tool: 'WebFetch' });
}
