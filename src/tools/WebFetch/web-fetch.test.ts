import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../testing/create-test-context.ts';
import { createFakeMessagesServer } from '../../testing/fake-messages-server/create-fake-messages-server.ts';
import { errorReply, textReply } from '../../testing/fake-messages-server/fake-reply.ts';
import { resultText, runTool } from '../../testing/run-tool.ts';
import type { Tool } from '../../tool/types.ts';
import { createWebFetchTool, TRUNCATION_MARKER, WEB_FETCH_DEFAULT_MODEL, WebFetchCache } from './index.ts';
import type { WebFetchOptions, WebFetchOutput } from './index.ts';
import { ARTICLE_HTML, createTestSite, html, redirect } from './test-fixtures/test-site.ts';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function site(routes: Parameters<typeof createTestSite>[0]) {
  const server = await createTestSite(routes);
  closers.push(server.close);
  return server;
}

function tool(options: WebFetchOptions = {}): Tool {
  return createWebFetchTool({ env: {}, modelClient: null, cache: new WebFetchCache(), ...options });
}

async function fetchWith(webFetch: Tool, input: { url: string; prompt?: string }, allow: readonly string[] = ['WebFetch(domain:127.0.0.1)']) {
  const context = createTestContext({ tools: [webFetch], allow });
  const { result } = await runTool({ name: 'WebFetch', input: { prompt: 'Summarize the page', ...input }, context });
  return { result, text: resultText(result), output: result.output as WebFetchOutput | undefined };
}

describe('WebFetch: fetching and converting', () => {
  it('returns the main content as Markdown with a note when no model is configured', async () => {
    const server = await site({ '/guide': html(ARTICLE_HTML) });
    const { result, text, output } = await fetchWith(tool(), { url: `${server.url}/guide` });
    expect(result.status).toBe('ok');
    expect(text).toContain('No model is configured to apply the prompt');
    expect(text).toContain('## Planting');
    expect(text).toContain(`[soil guide](${server.url}/docs/soil)`);
    expect(text).toContain(`![A ripe tomato](${server.url}/images/tomato.png)`);
    expect(text).not.toContain('NAVIGATION-MARKER');
    expect(output).toMatchObject({ url: `${server.url}/guide`, code: 200, source: 'direct', cached: false, promptApplied: false });
    expect(output!.bytes).toBe(Buffer.byteLength(ARTICLE_HTML));
  });

  it('keeps http for the loopback server (no upgrade to https)', async () => {
    const server = await site({ '/plain': (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain' }).end('hello') });
    const { output } = await fetchWith(tool(), { url: `${server.url}/plain` });
    expect(output?.url.startsWith('http://127.0.0.1:')).toBe(true);
    expect(server.hits['/plain']).toBe(1);
  });

  it('returns text and JSON as they are, and describes binary content', async () => {
    const server = await site({
      '/data.json': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end('{"answer":42}'),
      '/logo.png': (_request, response) => void response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0])),
    });
    expect((await fetchWith(tool(), { url: `${server.url}/data.json` })).text).toContain('{"answer":42}');
    const binary = await fetchWith(tool(), { url: `${server.url}/logo.png` });
    expect(binary.result.status).toBe('ok');
    expect(binary.text).toContain('binary content (image/png, 6 bytes)');
  });

  it('fetches a host by name and decodes gzip, deflate and brotli bodies as fetch does', async () => {
    const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };
    const server = await site(Object.fromEntries(Object.entries(encoders).map(([encoding, encode]) => [`/${encoding}`, (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': encoding }).end(encode(`plain text, sent as ${encoding}`))])));
    for (const encoding of Object.keys(encoders)) {
      const { text } = await fetchWith(tool(), { url: `http://localhost:${server.port}/${encoding}` }, ['WebFetch(domain:localhost)']);
      expect(text).toContain(`plain text, sent as ${encoding}`);
    }
  });

  it('notes an HTTP error status', async () => {
    const server = await site({ '/gone': html('<html><body><h1>Gone</h1><p>This page was removed.</p></body></html>', 410) });
    const { text, output } = await fetchWith(tool(), { url: `${server.url}/gone` });
    expect(text).toContain('HTTP 410 Gone');
    expect(text).toContain('This page was removed.');
    expect(output?.code).toBe(410);
  });

  it('truncates long Markdown', async () => {
    const server = await site({ '/long': (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain' }).end('word '.repeat(2000)) });
    const { text, output } = await fetchWith(tool({ maxMarkdownChars: 500 }), { url: `${server.url}/long` });
    expect(text).toContain(TRUNCATION_MARKER);
    expect(output?.truncated).toBe(true);
    expect(text.length).toBeLessThan(900);
  });
});

describe('WebFetch: redirects', () => {
  it('follows a same-host redirect', async () => {
    const server = await site({ '/old': redirect('/step', 301), '/step': redirect('/guide', 302), '/guide': html(ARTICLE_HTML) });
    const { text, output } = await fetchWith(tool(), { url: `${server.url}/old` });
    expect(text).toContain('## Planting');
    expect(output?.finalUrl).toBe(`${server.url}/guide`);
    expect(server.hits['/guide']).toBe(1);
  });

  it('reports a redirect to another host instead of following it', async () => {
    const server = await site({ '/out': (_request, response) => void response.writeHead(302, { location: `http://localhost:${server.port}/guide` }).end(), '/guide': html(ARTICLE_HTML) });
    const { result, text, output } = await fetchWith(tool(), { url: `${server.url}/out`, prompt: 'List the steps' });
    expect(result.status).toBe('ok');
    expect(text).toContain('REDIRECT DETECTED');
    expect(text).toContain(`Redirect URL: http://localhost:${server.port}/guide`);
    expect(text).toContain('call WebFetch again');
    expect(text).toContain('prompt: "List the steps"');
    expect(output?.redirect).toEqual({ originalUrl: `${server.url}/out`, redirectUrl: `http://localhost:${server.port}/guide`, statusCode: 302 });
    expect(server.hits['/guide']).toBeUndefined();
  });

  it('gives up on a redirect loop', async () => {
    const server = await site({ '/a': redirect('/b'), '/b': redirect('/a') });
    const { result, text } = await fetchWith(tool(), { url: `${server.url}/a` });
    expect(result.status).toBe('error');
    expect(text).toContain('Too many redirects');
  });
});

describe('WebFetch: limits', () => {
  it('stops reading a body past the size cap', async () => {
    let sent = 0;
    const server = await site({
      '/big': async (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        for (let index = 0; index < 200 && !response.destroyed; index++) {
          response.write('x'.repeat(1024));
          sent += 1024;
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        response.end();
      },
      '/declared': (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '50000' }).end('y'.repeat(50_000)),
    });
    const streamed = await fetchWith(tool({ maxBytes: 8 * 1024 }), { url: `${server.url}/big` });
    expect(streamed.result.status).toBe('error');
    expect(streamed.text).toContain('larger than the 8 KB limit');
    expect(sent).toBeLessThan(200 * 1024);
    const declared = await fetchWith(tool({ maxBytes: 8 * 1024 }), { url: `${server.url}/declared` });
    expect(declared.text).toContain('Content-Length is 50000 bytes');
  });

  it('times out a server that does not answer, and one whose body stalls', async () => {
    const server = await site({
      '/silent': () => undefined,
      '/stall': (_request, response) => void response.writeHead(200, { 'content-type': 'text/plain' }).write('partial'),
    });
    // Neither route ever ends by itself: only the timeout can end these fetches (else the test's own timeout fails it).
    const silent = await fetchWith(tool({ timeoutMs: 200 }), { url: `${server.url}/silent` });
    expect(silent.result.status).toBe('error');
    expect(silent.text).toContain('timed out after 200 ms');
    const stalled = await fetchWith(tool({ timeoutMs: 200 }), { url: `${server.url}/stall` });
    expect(stalled.text).toContain('timed out');
  });

  it('stops when the user interrupts', async () => {
    const server = await site({ '/silent': () => undefined });
    const controller = new AbortController();
    const context = createTestContext({ tools: [tool()], allow: ['WebFetch'], signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    // The page never answers: only the interrupt can end the call.
    const { result } = await runTool({ name: 'WebFetch', input: { url: `${server.url}/silent`, prompt: 'x' }, context });
    expect(result.isError).toBe(true);
  });
});

describe('WebFetch: cache', () => {
  it('serves a second fetch of the same URL from the cache', async () => {
    const server = await site({ '/guide': html(ARTICLE_HTML), '/old': redirect('/guide') });
    const webFetch = tool();
    const first = await fetchWith(webFetch, { url: `${server.url}/guide` });
    const second = await fetchWith(webFetch, { url: `${server.url}/guide`, prompt: 'Another question' });
    expect(first.output?.cached).toBe(false);
    expect(second.output?.cached).toBe(true);
    expect(second.text).toContain('## Planting');
    expect(server.hits['/guide']).toBe(1);
    await fetchWith(webFetch, { url: `${server.url}/old` });
    expect(server.hits['/guide']).toBe(2);
    const viaFinal = await fetchWith(webFetch, { url: `${server.url}/old` });
    expect(viaFinal.output?.cached).toBe(true);
  });

  it('fetches again once the TTL has passed', async () => {
    const server = await site({ '/guide': html(ARTICLE_HTML) });
    const webFetch = tool({ cacheTtlMs: 0 });
    await fetchWith(webFetch, { url: `${server.url}/guide` });
    await fetchWith(webFetch, { url: `${server.url}/guide` });
    expect(server.hits['/guide']).toBe(2);
  });
});

describe('WebFetch: the prompt step', () => {
  it('sends the page and the prompt to the small model and returns its answer', async () => {
    const server = await site({ '/guide': html(ARTICLE_HTML) });
    const messages = await createFakeMessagesServer({ apiKey: 'sk-fake', script: [textReply('Tomatoes need full sun and deep watering.')] });
    closers.push(messages.close);
    const webFetch = createWebFetchTool({ env: { ANTHROPIC_API_KEY: 'sk-fake', ANTHROPIC_BASE_URL: messages.url }, cache: new WebFetchCache() });
    const { text, output } = await fetchWith(webFetch, { url: `${server.url}/guide`, prompt: 'What do tomatoes need?' });
    expect(text).toContain('Tomatoes need full sun and deep watering.');
    expect(text).toContain(`Source: ${server.url}/guide`);
    expect(output?.promptApplied).toBe(true);
    const request = messages.requests[0]!;
    expect(request.body.model).toBe(WEB_FETCH_DEFAULT_MODEL);
    const content = JSON.stringify(request.body.messages);
    expect(content).toContain('What do tomatoes need?');
    expect(content).toContain('Tomatoes need full sun, regular watering');
    expect(content).toContain('## Planting');
  });

  it('uses CODEV_WEBFETCH_MODEL, and returns the Markdown when the model fails', async () => {
    const server = await site({ '/guide': html(ARTICLE_HTML) });
    const messages = await createFakeMessagesServer({ script: [errorReply(400, { message: 'bad model' })] });
    closers.push(messages.close);
    const webFetch = createWebFetchTool({ env: { ANTHROPIC_BASE_URL: messages.url, CODEV_WEBFETCH_MODEL: 'claude-tiny' }, cache: new WebFetchCache() });
    const { result, text, output } = await fetchWith(webFetch, { url: `${server.url}/guide` });
    expect(result.status).toBe('ok');
    expect(messages.requests[0]?.body.model).toBe('claude-tiny');
    expect(text).toContain('The model could not apply the prompt');
    expect(text).toContain('## Planting');
    expect(output?.promptApplied).toBe(false);
  });
});

describe('WebFetch: permissions and the tool surface', () => {
  it('is denied without a rule (the test canUseTool denies) and fetches nothing', async () => {
    const server = await site({ '/guide': html(ARTICLE_HTML) });
    const { result } = await fetchWith(tool(), { url: `${server.url}/guide` }, []);
    expect(result.status).toBe('denied');
    expect(server.hits['/guide']).toBeUndefined();
  });

  it('is allowed by WebFetch(domain:127.0.0.1) and not by a rule for another host', async () => {
    const server = await site({ '/guide': html(ARTICLE_HTML) });
    expect((await fetchWith(tool(), { url: `${server.url}/guide` }, ['WebFetch(domain:127.0.0.1)'])).result.status).toBe('ok');
    expect((await fetchWith(tool(), { url: `${server.url}/guide` }, ['WebFetch(domain:localhost)'])).result.status).toBe('denied');
    expect((await fetchWith(tool(), { url: `${server.url}/guide` }, ['WebFetch(domain:0.0.1)'])).result.status).toBe('denied');
  });

  it('rejects URLs it cannot fetch', async () => {
    const invalid = await fetchWith(tool(), { url: 'not a url' }, ['WebFetch']);
    expect(invalid.result.status).toBe('invalid-input');
    const ftp = await fetchWith(tool(), { url: 'ftp://example.com/file' }, ['WebFetch']);
    expect(resultText(ftp.result)).toContain('http and https URLs only');
  });

  it('declares itself read-only and concurrency-safe, targets the URL and renders calls and results', async () => {
    const webFetch = tool();
    const input = { url: 'https://example.com/a', prompt: 'p' };
    expect(webFetch.isReadOnly(input)).toBe(true);
    expect(webFetch.isConcurrencySafe(input)).toBe(true);
    expect(webFetch.toAutoClassifierInput(input)).toBe('https://example.com/a');
    expect(await webFetch.getPermissionTargets(input, createTestContext())).toEqual([{ kind: 'url', url: 'https://example.com/a' }]);
    expect((await webFetch.checkPermissions(input, createTestContext())).behavior).toBe('passthrough');
    expect(webFetch.renderToolUseMessage(input, { verbose: false, color: false })).toBe('"https://example.com/a"');
    const output = { url: input.url, finalUrl: input.url, code: 200, codeText: 'OK', bytes: 2048, result: 'r', durationMs: 1, source: 'direct', cached: true, promptApplied: true, truncated: false } as const;
    expect(webFetch.renderToolResultMessage(output, { verbose: false, color: false })).toBe('Received 2 KB (200 OK), cached');
  });
});
