import { describe, expect, it } from 'vitest';
import { createFakeSearxngServer, FAKE_SEARXNG_PAGE_SIZE, SEARXNG_FORBIDDEN_HTML } from './create-fake-searxng-server.ts';
import { createFakeTavilyServer, FAKE_TAVILY_API_KEY, TAVILY_ERROR_MESSAGES } from './create-fake-tavily-server.ts';
import type { FakeSearchDocument } from './types.ts';

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}/search`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const bearer = { authorization: `Bearer ${FAKE_TAVILY_API_KEY}` };

describe('createFakeTavilyServer', () => {
  it('answers POST /search with the spec shape, on 127.0.0.1', async () => {
    const tavily = await createFakeTavilyServer();
    try {
      expect(tavily.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const response = await post(tavily.url, { query: 'fetch', max_results: 2 }, bearer);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Record<string, any>;
      expect(Object.keys(body).sort()).toEqual(['answer', 'follow_up_questions', 'images', 'query', 'request_id', 'response_time', 'results']);
      expect(body.images).toEqual([]);
      expect(body.answer).toBeNull();
      expect(typeof body.response_time).toBe('number');
      expect(body.results).toHaveLength(2);
      expect(Object.keys(body.results[0]).sort()).toEqual(['content', 'raw_content', 'score', 'title', 'url']);
      expect(body.results[0].raw_content).toBeNull();
      expect(tavily.requests[0]).toMatchObject({ method: 'POST', path: '/search', body: { query: 'fetch', max_results: 2 } });
    } finally {
      await tavily.close();
    }
  });

  it('accepts the legacy body api_key; rejects a missing or unknown key with 401 detail.error', async () => {
    const tavily = await createFakeTavilyServer();
    try {
      expect((await post(tavily.url, { query: 'fetch', api_key: FAKE_TAVILY_API_KEY })).status).toBe(200);
      for (const headers of [{}, { authorization: 'Bearer tvly-nope' }] as Record<string, string>[]) {
        const response = await post(tavily.url, { query: 'fetch' }, headers);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ detail: { error: TAVILY_ERROR_MESSAGES[401] } });
      }
    } finally {
      await tavily.close();
    }
  });

  it('validates the body (400), honours domains, answer, raw content and news dates', async () => {
    const tavily = await createFakeTavilyServer();
    try {
      for (const bad of [{}, { query: '' }, { query: 'x', topic: 'sports' }, { query: 'x', max_results: 21 }, { query: 'x', include_domains: 'a.com' }]) {
        const response = await post(tavily.url, bad, bearer);
        expect(response.status).toBe(400);
        expect(((await response.json()) as any).detail.error).toEqual(expect.any(String));
      }
      const body = (await (await post(tavily.url, { query: 'fetch', include_domains: ['example.com'], include_answer: true, include_raw_content: true, topic: 'news' }, bearer)).json()) as any;
      expect(body.results.map((result: any) => result.url)).toEqual(['https://docs.example.com/guides/fetch']);
      expect(body.answer).toContain('fetch');
      expect(body.results[0].raw_content).toContain('# Using fetch');
      expect(body.results[0].published_date).toMatch(/GMT$/);
      const excluded = (await (await post(tavily.url, { query: 'fetch', exclude_domains: ['example.com'] }, bearer)).json()) as any;
      expect(excluded.results.map((result: any) => result.url)).toContain('https://notexample.com/fetch-spam');
      expect(excluded.results.map((result: any) => result.url)).not.toContain('https://docs.example.com/guides/fetch');
    } finally {
      await tavily.close();
    }
  });

  it('plays its script: 429 with retry-after, 432, 433, then normal answers', async () => {
    const tavily = await createFakeTavilyServer({ script: [{ type: 'error', status: 429, retryAfterSeconds: 3 }, { type: 'error', status: 432 }, { type: 'error', status: 433 }] });
    try {
      const rate = await post(tavily.url, { query: 'fetch' }, bearer);
      expect(rate.status).toBe(429);
      expect(rate.headers.get('retry-after')).toBe('3');
      const plan = await post(tavily.url, { query: 'fetch' }, bearer);
      expect([plan.status, await plan.json()]).toEqual([432, { detail: { error: TAVILY_ERROR_MESSAGES[432] } }]);
      expect((await post(tavily.url, { query: 'fetch' }, bearer)).status).toBe(433);
      expect((await post(tavily.url, { query: 'fetch' }, bearer)).status).toBe(200);
    } finally {
      await tavily.close();
    }
  });

  it('close() ends promptly even with a delayed request in flight', async () => {
    // A delay past the test's own timeout: close() has to end it, not wait for it.
    const tavily = await createFakeTavilyServer({ script: [{ type: 'delay', ms: 60_000 }] });
    const pending = post(tavily.url, { query: 'fetch' }, bearer).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tavily.close();
    await pending;
  });
});

describe('createFakeSearxngServer', () => {
  it('answers GET /search?format=json with all eight top-level keys and full results', async () => {
    const searxng = await createFakeSearxngServer();
    try {
      const response = await fetch(`${searxng.url}/search?q=fetch&format=json`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/json');
      const body = (await response.json()) as Record<string, any>;
      expect(Object.keys(body)).toEqual(['query', 'number_of_results', 'results', 'answers', 'corrections', 'infoboxes', 'suggestions', 'unresponsive_engines']);
      expect(body.number_of_results).toBe(0);
      expect(body.results.length).toBe(5);
      expect(body.results[0]).toMatchObject({ url: expect.any(String), title: expect.any(String), content: expect.any(String), engine: expect.any(String), engines: expect.any(Array), score: expect.any(Number), category: 'general', parsed_url: expect.any(Array) });
      expect(body.results[0].parsed_url).toHaveLength(6);
    } finally {
      await searxng.close();
    }
  });

  it('403 HTML when json is not an enabled format', async () => {
    const searxng = await createFakeSearxngServer({ formats: ['html'] });
    try {
      const response = await fetch(`${searxng.url}/search?q=fetch&format=json`);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toBe(SEARXNG_FORBIDDEN_HTML);
    } finally {
      await searxng.close();
    }
  });

  it('400 for no query and a bad pageno; POST form bodies; / redirects; /healthz; paging', async () => {
    const documents: FakeSearchDocument[] = Array.from({ length: 13 }, (_, index) => ({ url: `https://site${index}.test/`, title: `Page ${index} about fetch`, content: 'fetch' }));
    const searxng = await createFakeSearxngServer({ documents });
    try {
      const empty = await fetch(`${searxng.url}/search?q=&format=json`);
      expect([empty.status, await empty.json()]).toEqual([400, { error: 'No query' }]);
      const badPage = await fetch(`${searxng.url}/search?q=fetch&format=json&pageno=abc`);
      expect([badPage.status, await badPage.json()]).toEqual([400, { error: 'Invalid value "abc" for parameter pageno' }]);
      const form = await fetch(`${searxng.url}/search`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'q=fetch&format=json&pageno=2' });
      const second = (await form.json()) as any;
      expect(second.results).toHaveLength(13 - FAKE_SEARXNG_PAGE_SIZE);
      expect(searxng.requests.at(-1)!.body).toEqual({ q: 'fetch', format: 'json', pageno: '2' });
      const redirect = await fetch(`${searxng.url}/?q=fetch&format=json`, { redirect: 'manual' });
      expect(redirect.status).toBe(308);
      expect(redirect.headers.get('location')).toBe('/search?q=fetch&format=json');
      const followed = await fetch(`${searxng.url}/?q=fetch&format=json`);
      expect(((await followed.json()) as any).results).toHaveLength(FAKE_SEARXNG_PAGE_SIZE);
      expect(await (await fetch(`${searxng.url}/healthz`)).text()).toBe('OK');
      const third = (await (await fetch(`${searxng.url}/search?q=fetch&format=json&pageno=3`)).json()) as any;
      expect(third.results).toEqual([]);
    } finally {
      await searxng.close();
    }
  });

  it('reports unresponsive engines as [name, error] pairs and plays scripted errors', async () => {
    const searxng = await createFakeSearxngServer({ unresponsiveEngines: [['brave', 'Suspended: too many requests']], script: [{ type: 'error', status: 500 }] });
    try {
      const failed = await fetch(`${searxng.url}/search?q=fetch&format=json`);
      expect([failed.status, await failed.json()]).toEqual([500, { error: 'search error' }]);
      const body = (await (await fetch(`${searxng.url}/search?q=fetch&format=json`)).json()) as any;
      expect(body.unresponsive_engines).toEqual([['brave', 'Suspended: too many requests']]);
    } finally {
      await searxng.close();
    }
  });
});
