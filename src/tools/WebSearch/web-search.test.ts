import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeSearxngServer } from '../../testing/fake-search-servers/create-fake-searxng-server.ts';
import { createFakeTavilyServer, FAKE_TAVILY_API_KEY } from '../../testing/fake-search-servers/create-fake-tavily-server.ts';
import type { FakeSearchServer } from '../../testing/fake-search-servers/types.ts';
import { createTestContext } from '../../testing/create-test-context.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import { startServer } from '../../testing/fake-search-servers/start-server.ts';
import { createWebSearchTool, type SearchEnv, SOURCES_REMINDER, type WebSearchOutput, webSearchTool } from './index.ts';

async function search(env: SearchEnv, input: Record<string, unknown>, options: { timeoutMs?: number; signal?: AbortSignal; allow?: string[] } = {}) {
  const tool = createWebSearchTool({ env, timeoutMs: options.timeoutMs });
  const context = createTestContext({ tools: [tool], allow: options.allow ?? ['WebSearch'], signal: options.signal });
  const { result, progress } = await runTool({ name: 'WebSearch', input, context });
  return { result, progress, text: resultText(result), output: result.output as WebSearchOutput | undefined, tool };
}

/** A URL where nothing listens: a server that was started and closed. */
async function deadUrl(): Promise<string> {
  const server = await startServer(async () => {});
  await server.close();
  return server.url;
}

describe('WebSearch with Tavily', () => {
  let tavily: FakeSearchServer;
  let env: SearchEnv;
  beforeAll(async () => {
    tavily = await createFakeTavilyServer();
    env = { TAVILY_API_KEY: FAKE_TAVILY_API_KEY, TAVILY_BASE_URL: tavily.url, SEARXNG_URL: 'http://127.0.0.1:1' };
  });
  afterAll(() => tavily.close());

  it('returns numbered results with title, URL and snippet, and the sources reminder', async () => {
    const { result, text, output, progress } = await search(env, { query: 'fetch api' });
    expect(result.status).toBe('ok');
    expect(output?.backend).toBe('tavily');
    expect(output?.results.length).toBe(5);
    expect(text).toContain('Web search results for "fetch api" (Tavily, 5 results):');
    expect(text).toMatch(/^1\. .+\n {3}URL: https:\/\/\S+\n {3}\S/m);
    expect(text).toContain('URL: https://nodejs.org/api/fetch.html');
    expect(text).toContain('The fetch API in Node.js is available globally');
    expect(text.endsWith(SOURCES_REMINDER)).toBe(true);
    expect(progress.map((update) => update.progress)).toEqual([
      { type: 'web_search_progress', backend: 'tavily', query: 'fetch api', status: 'searching' },
      { type: 'web_search_progress', backend: 'tavily', query: 'fetch api', status: 'results', resultCount: 5 },
    ]);
  });

  it('sends the Bearer key and the spec body fields', async () => {
    const before = tavily.requests.length;
    await search(env, { query: 'fetch timeouts', blocked_domains: ['https://www.Pinterest.com/', 'notexample.com'] });
    const request = tavily.requests[before]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/search');
    expect(request.headers.authorization).toBe(`Bearer ${FAKE_TAVILY_API_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({
      query: 'fetch timeouts',
      search_depth: 'basic',
      topic: 'general',
      max_results: 10,
      include_answer: false,
      include_raw_content: false,
      include_images: false,
      exclude_domains: ['www.pinterest.com', 'notexample.com'],
    });
    expect(request.body).not.toHaveProperty('api_key');
  });

  it('passes allowed_domains as include_domains; subdomains count, look-alikes do not', async () => {
    const before = tavily.requests.length;
    const { output, text } = await search(env, { query: 'fetch', allowed_domains: ['example.com'] });
    expect(tavily.requests[before]!.body.include_domains).toEqual(['example.com']);
    expect(output?.results.map((entry) => entry.url)).toEqual(['https://docs.example.com/guides/fetch']);
    expect(text).not.toContain('notexample.com');
  });

  it('passes blocked_domains as exclude_domains', async () => {
    const { output } = await search(env, { query: 'fetch', blocked_domains: ['pinterest.com'] });
    expect(output?.results.some((entry) => entry.url.includes('pinterest'))).toBe(false);
    expect(output?.results.length).toBe(4);
  });

  it('says so when nothing is found', async () => {
    const { result, text } = await search(env, { query: 'zzqqxx nothing' });
    expect(result.status).toBe('ok');
    expect(text).toContain('No results found for "zzqqxx nothing" (Tavily).');
    expect(text).not.toContain('Sources:');
  });

  it('renders a compact list for the user', async () => {
    const { output, tool } = await search(env, { query: 'fetch', allowed_domains: ['nodejs.org', 'mozilla.org'] });
    const rendered = tool.renderToolResultMessage(output!, { verbose: false, color: false });
    expect(rendered.split('\n')[0]).toMatch(/^2 results \(Tavily, \d+\.\d s\)$/);
    expect(rendered).toContain('  1. Fetch | Node.js Documentation — nodejs.org');
    expect(rendered).toContain('  2. Fetch API - MDN Web Docs — developer.mozilla.org');
  });
});

describe('WebSearch Tavily errors', () => {
  it('401: names the key variable', async () => {
    const tavily = await createFakeTavilyServer();
    try {
      const { result, text } = await search({ TAVILY_API_KEY: 'tvly-wrong', TAVILY_BASE_URL: tavily.url }, { query: 'fetch' });
      expect(result.status).toBe('error');
      expect(result.isError).toBe(true);
      expect(text).toContain('Tavily rejected the API key (401): check TAVILY_API_KEY');
      expect(text).toContain('Unauthorized: missing or invalid API key.');
    } finally {
      await tavily.close();
    }
  });

  it.each([
    [432, 'Tavily plan usage limit exceeded (432)', 'upgrade the plan'],
    [433, 'Tavily pay-as-you-go limit exceeded (433)', 'raise the limit'],
    [429, 'Tavily rate limit reached (429)', 'wait 7 s'],
    [500, 'Tavily had a server error (500)', 'try again later'],
    [400, 'Tavily rejected the request (400)', 'invalid'],
  ])('%i: says what happened and what to do', async (status, what, fix) => {
    const tavily = await createFakeTavilyServer({ script: [{ type: 'error', status, retryAfterSeconds: 7 }] });
    try {
      const { result, text } = await search({ TAVILY_API_KEY: FAKE_TAVILY_API_KEY, TAVILY_BASE_URL: tavily.url }, { query: 'fetch' });
      expect(result.status).toBe('error');
      expect(text).toContain(what);
      expect(text).toContain(fix);
    } finally {
      await tavily.close();
    }
  });

  it('times out with a clear error', async () => {
    // An answer later than the test's own timeout: only the search's timeout can end it.
    const tavily = await createFakeTavilyServer({ script: [{ type: 'delay', ms: 60_000 }] });
    try {
      const { result, text } = await search({ TAVILY_API_KEY: FAKE_TAVILY_API_KEY, TAVILY_BASE_URL: tavily.url }, { query: 'fetch' }, { timeoutMs: 150 });
      expect(result.status).toBe('error');
      expect(text).toContain('Tavily did not answer within 150 ms (timeout');
      expect(text).toContain('CODEV_WEB_SEARCH_TIMEOUT_MS');
    } finally {
      await tavily.close();
    }
  });

  it('reads the timeout from CODEV_WEB_SEARCH_TIMEOUT_MS', async () => {
    const tavily = await createFakeTavilyServer({ script: [{ type: 'delay', ms: 5_000 }] });
    try {
      const { text } = await search({ TAVILY_API_KEY: FAKE_TAVILY_API_KEY, TAVILY_BASE_URL: tavily.url, CODEV_WEB_SEARCH_TIMEOUT_MS: '120' }, { query: 'fetch' });
      expect(text).toContain('within 120 ms');
    } finally {
      await tavily.close();
    }
  });

  it('connection refused names TAVILY_BASE_URL', async () => {
    const url = await deadUrl();
    const { result, text } = await search({ TAVILY_API_KEY: FAKE_TAVILY_API_KEY, TAVILY_BASE_URL: url }, { query: 'fetch' });
    expect(result.status).toBe('error');
    expect(text).toContain(`Tavily is not reachable at ${url} (ECONNREFUSED)`);
    expect(text).toContain('TAVILY_BASE_URL');
  });
});

describe('WebSearch with SearXNG', () => {
  let searxng: FakeSearchServer;
  let env: SearchEnv;
  beforeAll(async () => {
    searxng = await createFakeSearxngServer({ unresponsiveEngines: [['google', 'timeout']] });
    env = { SEARXNG_URL: searxng.url, TAVILY_BASE_URL: 'http://127.0.0.1:1' };
  });
  afterAll(() => searxng.close());

  it('is used when TAVILY_API_KEY is unset or blank, with GET /search?format=json', async () => {
    for (const key of [undefined, '', '   ']) {
      const before = searxng.requests.length;
      const { result, output, progress, text } = await search({ ...env, TAVILY_API_KEY: key }, { query: 'fetch api' });
      expect(result.status).toBe('ok');
      expect(output?.backend).toBe('searxng');
      expect(text).toContain('(SearXNG, 5 results)');
      expect(text).toContain('Unresponsive SearXNG engines: google (timeout).');
      expect(text.endsWith(SOURCES_REMINDER)).toBe(true);
      expect(progress.map((update) => update.progress.status)).toEqual(['searching', 'results']);
      expect(progress[0]!.progress.backend).toBe('searxng');
      const request = searxng.requests[before]!;
      expect(request.method).toBe('GET');
      expect(request.path).toBe('/search');
      expect(request.query).toEqual({ q: 'fetch api', format: 'json', pageno: '1' });
      expect(request.headers.authorization).toBeUndefined();
    }
  });

  it('filters allowed_domains client-side by exact host or subdomain after a dot', async () => {
    const { output, text } = await search(env, { query: 'fetch', allowed_domains: ['example.com', 'nodejs.org'] });
    expect(output?.results.map((entry) => entry.url)).toEqual(['https://nodejs.org/api/fetch.html', 'https://docs.example.com/guides/fetch']);
    expect(output?.filteredOut).toBe(3);
    expect(text).not.toContain('notexample.com');
  });

  it('filters blocked_domains client-side', async () => {
    const { output } = await search(env, { query: 'fetch', blocked_domains: ['example.com', 'pinterest.com'] });
    expect(output?.results.map((entry) => entry.url)).toEqual([
      'https://nodejs.org/api/fetch.html',
      'https://developer.mozilla.org/en-US/docs/Web/API/Fetch_API',
      'https://notexample.com/fetch-spam',
    ]);
  });

  it('explains an empty result caused by the filters', async () => {
    const { text } = await search(env, { query: 'fetch', allowed_domains: ['github.com'] });
    expect(text).toContain('No results found for "fetch" (SearXNG).');
    expect(text).toContain('The domain filters removed 5 results');
  });

  it('keeps a path prefix of SEARXNG_URL', async () => {
    const before = searxng.requests.length;
    await search({ SEARXNG_URL: `${searxng.url}/searx/` }, { query: 'fetch' });
    expect(searxng.requests[before]!.path).toBe('/searx/search');
  });
});

describe('WebSearch SearXNG errors', () => {
  it('403 (json format off): says to enable it in settings.yml', async () => {
    const searxng = await createFakeSearxngServer({ formats: ['html'] });
    try {
      const { result, text } = await search({ SEARXNG_URL: searxng.url }, { query: 'fetch' });
      expect(result.status).toBe('error');
      expect(text).toContain(`SearXNG returned 403 at ${searxng.url}: the JSON API is disabled; enable the json format in settings.yml (search.formats`);
    } finally {
      await searxng.close();
    }
  });

  it.each([
    [429, 'SearXNG rate-limited the request (429)', 'server.limiter: false'],
    [500, 'SearXNG had a server error (500)', 'search error'],
  ])('%i: says what happened and what to do', async (status, what, fix) => {
    const searxng = await createFakeSearxngServer({ script: [{ type: 'error', status }] });
    try {
      const { result, text } = await search({ SEARXNG_URL: searxng.url }, { query: 'fetch' });
      expect(result.status).toBe('error');
      expect(text).toContain(what);
      expect(text).toContain(fix);
    } finally {
      await searxng.close();
    }
  });

  it('connection refused: start it or set SEARXNG_URL', async () => {
    const url = await deadUrl();
    const { result, text } = await search({ SEARXNG_URL: url }, { query: 'fetch' });
    expect(result.status).toBe('error');
    expect(text).toContain(`SearXNG is not reachable at ${url} (ECONNREFUSED): start it or fix SEARXNG_URL, or set TAVILY_API_KEY`);
  });

  it('times out', async () => {
    const searxng = await createFakeSearxngServer({ latencyMs: 5_000 });
    try {
      const { result, text } = await search({ SEARXNG_URL: searxng.url }, { query: 'fetch' }, { timeoutMs: 100 });
      expect(result.status).toBe('error');
      expect(text).toContain('SearXNG did not answer within 100 ms (timeout');
    } finally {
      await searxng.close();
    }
  });

  it('a non-SearXNG server at SEARXNG_URL is named', async () => {
    const other = await startServer(async (_request, response) => void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hello</html>'));
    try {
      const { text } = await search({ SEARXNG_URL: other.url }, { query: 'fetch' });
      expect(text).toContain(`SearXNG at ${other.url} returned no JSON results`);
    } finally {
      await other.close();
    }
  });
});

describe('WebSearch lifecycle', () => {
  it('asks for permission unless a WebSearch rule allows it', async () => {
    const searxng = await createFakeSearxngServer();
    try {
      const { result } = await search({ SEARXNG_URL: searxng.url }, { query: 'fetch' }, { allow: [] });
      expect(result.status).toBe('denied');
      expect(searxng.requests).toHaveLength(0);
    } finally {
      await searxng.close();
    }
  });

  it('rejects both allowed_domains and blocked_domains, and bad domains, before any request', async () => {
    const both = await search({ SEARXNG_URL: 'http://127.0.0.1:1' }, { query: 'fetch', allowed_domains: ['a.com'], blocked_domains: ['b.com'] });
    expect(both.result.status).toBe('invalid-input');
    expect(both.text).toContain('Cannot specify both allowed_domains and blocked_domains');
    const bad = await search({ SEARXNG_URL: 'http://127.0.0.1:1' }, { query: 'fetch', allowed_domains: ['exa mple.com'] });
    expect(bad.result.status).toBe('invalid-input');
    expect(bad.text).toContain('Invalid domain "exa mple.com"');
    const short = await search({}, { query: 'x' });
    expect(short.result.status).toBe('invalid-input');
  });

  it('an interrupt cancels a slow search', async () => {
    // An answer later than the test's own timeout: only the interrupt can end it.
    const searxng = await createFakeSearxngServer({ latencyMs: 60_000 });
    const controller = new AbortController();
    try {
      setTimeout(() => controller.abort(), 100);
      const { result } = await search({ SEARXNG_URL: searxng.url }, { query: 'fetch' }, { signal: controller.signal });
      expect(result.status).toBe('cancelled');
    } finally {
      await searxng.close();
    }
  });

  it('reports a bad base URL clearly', async () => {
    const { result, text } = await search({ SEARXNG_URL: 'not a url' }, { query: 'fetch' });
    expect(result.status).toBe('error');
    expect(text).toContain('SEARXNG_URL is not a valid URL: "not a url"');
  });

  it('the default tool reads process.env at call time', async () => {
    const searxng = await createFakeSearxngServer();
    const saved = { key: process.env.TAVILY_API_KEY, url: process.env.SEARXNG_URL };
    delete process.env.TAVILY_API_KEY;
    process.env.SEARXNG_URL = searxng.url;
    try {
      const context = createTestContext({ tools: [webSearchTool], allow: ['WebSearch'] });
      const { result } = await runTool({ name: 'WebSearch', input: { query: 'fetch' }, context });
      expect(result.status).toBe('ok');
      expect(searxng.requests).toHaveLength(1);
    } finally {
      if (saved.key === undefined) delete process.env.TAVILY_API_KEY;
      else process.env.TAVILY_API_KEY = saved.key;
      if (saved.url === undefined) delete process.env.SEARXNG_URL;
      else process.env.SEARXNG_URL = saved.url;
      await searxng.close();
    }
  });

  it('declares itself read-only and concurrency-safe; the classifier sees the query', () => {
    const input = { query: 'node fetch' };
    expect(webSearchTool.isReadOnly(input)).toBe(true);
    expect(webSearchTool.isConcurrencySafe(input)).toBe(true);
    expect(webSearchTool.toAutoClassifierInput(input)).toBe('node fetch');
    expect(webSearchTool.renderToolUseMessage({ query: 'node fetch', allowed_domains: ['nodejs.org'] }, { verbose: false, color: false })).toBe('"node fetch", only nodejs.org');
    expect(webSearchTool.renderToolUseProgressMessage([{ type: 'web_search_progress', backend: 'tavily', query: 'q', status: 'searching' }], { verbose: false, color: false })).toBe('Searching Tavily: "q"');
  });
});
