import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { createFakeJinaServer } from '../../testing/fake-jina-server/create-fake-jina-server.ts';
import type { FakeJinaServerOptions } from '../../testing/fake-jina-server/types.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { createWebFetchTool, WebFetchCache } from './index.ts';
import type { WebFetchOutput } from './index.ts';
import { createTestSite, html } from './test-fixtures/test-site.ts';

const KEY = 'jina_test_key';
const PAGE = { title: 'Example Article', content: 'Jina **Markdown** body with a [link](https://example.com/next).' };
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function jina(options: FakeJinaServerOptions = {}) {
  const server = await createFakeJinaServer({ apiKey: KEY, pages: { 'https://example.com/article': PAGE }, ...options });
  closers.push(server.close);
  return server;
}

async function fetchVia(options: { baseUrl: string; key?: string; url?: string; cache?: WebFetchCache; allow?: string[] }) {
  const webFetch = createWebFetchTool({ env: { JINA_API_KEY: options.key ?? KEY, JINA_READER_BASE_URL: options.baseUrl }, modelClient: null, cache: options.cache ?? new WebFetchCache() });
  const context = createTestContext({ tools: [webFetch], allow: options.allow ?? ['WebFetch(domain:example.com)'] });
  const { result } = await runTool({ name: 'WebFetch', input: { url: options.url ?? 'http://example.com/article', prompt: 'Summarize' }, context });
  return { result, text: resultText(result), output: result.output as WebFetchOutput | undefined };
}

describe('WebFetch through Jina Reader', () => {
  it('fetches {JINA_READER_BASE_URL}/{url} with the key and JSON headers and returns its Markdown', async () => {
    const server = await jina();
    const { result, text, output } = await fetchVia({ baseUrl: server.url });
    expect(result.status).toBe('ok');
    expect(text).toContain('# Example Article');
    expect(text).toContain('Jina **Markdown** body with a [link](https://example.com/next).');
    expect(output).toMatchObject({ source: 'jina', url: 'https://example.com/article', finalUrl: 'https://example.com/article', code: 200 });
    const request = server.requests[0]!;
    expect(request.path).toBe('/https://example.com/article');
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request.headers.accept).toBe('application/json');
    expect(request.headers['x-return-format']).toBe('markdown');
    expect(Number(request.headers['x-timeout'])).toBeGreaterThan(0);
  });

  it('caches Jina answers', async () => {
    const server = await jina();
    const cache = new WebFetchCache();
    await fetchVia({ baseUrl: server.url, cache });
    const second = await fetchVia({ baseUrl: server.url, cache });
    expect(second.output?.cached).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a bad key (401) with a hint about JINA_API_KEY', async () => {
    const server = await jina();
    const { result, text } = await fetchVia({ baseUrl: server.url, key: 'jina_wrong' });
    expect(result.status).toBe('error');
    expect(text).toContain('HTTP 401');
    expect(text).toContain('AuthenticationFailedError');
    expect(text).toContain('JINA_API_KEY');
  });

  it('reports rate limits with Retry-After, exhausted balance and unreachable targets', async () => {
    const limited = await jina({ failures: [{ status: 429, retryAfterSeconds: 7 }] });
    const rateLimited = await fetchVia({ baseUrl: limited.url });
    expect(rateLimited.text).toContain('HTTP 429');
    expect(rateLimited.text).toContain('retry after 7 seconds');
    const broke = await jina({ balance: 0 });
    expect((await fetchVia({ baseUrl: broke.url })).text).toContain('InsufficientBalanceError');
    const unknown = await jina();
    const unreachable = await fetchVia({ baseUrl: unknown.url, url: 'https://example.com/missing' });
    expect(unreachable.text).toContain('HTTP 422');
  });

  it('reports a Jina-followed redirect to another host', async () => {
    const server = await jina({ pages: { 'https://example.com/article': { ...PAGE, url: 'https://elsewhere.example.org/article' } } });
    const { text, output } = await fetchVia({ baseUrl: server.url });
    expect(text).toContain('REDIRECT DETECTED');
    expect(output?.redirect?.redirectUrl).toBe('https://elsewhere.example.org/article');
  });

  it('passes on Jina warnings', async () => {
    const server = await jina({ pages: { 'https://example.com/article': { ...PAGE, warning: 'Target URL returned error 404: Not Found' } } });
    expect((await fetchVia({ baseUrl: server.url })).text).toContain('Note (Jina Reader): Target URL returned error 404: Not Found');
  });

  it('fetches loopback URLs directly, since Jina cannot reach them', async () => {
    const server = await jina();
    const local = await createTestSite({ '/page': html('<html><body><h1>Local</h1><p>Local page text.</p></body></html>') });
    closers.push(local.close);
    const { output, text } = await fetchVia({ baseUrl: server.url, url: `${local.url}/page`, allow: ['WebFetch(domain:127.0.0.1)'] });
    expect(output?.source).toBe('direct');
    expect(text).toContain('Local page text.');
    expect(server.requests).toHaveLength(0);
  });
});
