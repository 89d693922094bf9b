import { afterEach, describe, expect, it } from 'vitest';
import { createFakeJinaServer } from './create-fake-jina-server.ts';
import type { FakeJinaServer, FakeJinaServerOptions } from './types.ts';

const KEY = 'jina_fake';
const PAGES = {
  'https://example.com/': {
    title: 'Example Domain',
    description: 'An example page',
    content: 'This domain is for use in illustrative examples.',
    publishedTime: '2025-01-15T10:00:00Z',
    images: { 'Image 1: Company logo': 'https://example.com/logo.png' },
    links: { 'More information...': 'https://www.iana.org/domains/example' },
  },
};
let servers: FakeJinaServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function start(options: FakeJinaServerOptions = {}): Promise<FakeJinaServer> {
  const server = await createFakeJinaServer({ apiKey: KEY, pages: PAGES, ...options });
  servers.push(server);
  return server;
}

const auth = { authorization: `Bearer ${KEY}` };

describe('createFakeJinaServer', () => {
  it('answers GET /<url> with the JSON envelope for Accept: application/json', async () => {
    const server = await start();
    const response = await fetch(`${server.url}/https://example.com/`, { headers: { ...auth, accept: 'application/json' } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ code: 200, status: 20000, data: { title: 'Example Domain', description: 'An example page', url: 'https://example.com/', content: 'This domain is for use in illustrative examples.', publishedTime: '2025-01-15T10:00:00Z' } });
    expect(body.data.images).toBeUndefined();
    expect(body.data.usage.tokens).toBeGreaterThan(0);
    expect(body.meta.usage.tokens).toBe(body.data.usage.tokens);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/https://example.com/', target: 'https://example.com/' });
  });

  it('adds image and link summaries as label → URL maps when asked, and honours X-Return-Format', async () => {
    const server = await start();
    const headers = { ...auth, accept: 'application/json', 'x-with-images-summary': 'true', 'x-with-links-summary': 'true', 'x-return-format': 'html' };
    const body = await (await fetch(`${server.url}/https://example.com/`, { headers })).json();
    expect(body.data.images).toEqual({ 'Image 1: Company logo': 'https://example.com/logo.png' });
    expect(body.data.links).toEqual({ 'More information...': 'https://www.iana.org/domains/example' });
    expect(body.data.html).toContain('illustrative examples');
    expect(body.data.content).toBeUndefined();
  });

  it('answers in the plain-text format by default', async () => {
    const server = await start();
    const text = await (await fetch(`${server.url}/https://example.com/`, { headers: { ...auth, 'x-with-images-summary': 'true' } })).text();
    expect(text).toBe(
      'Title: Example Domain\n\nURL Source: https://example.com/\n\nPublished Time: 2025-01-15T10:00:00Z\n\nMarkdown Content:\nThis domain is for use in illustrative examples.\n\nImages:\n- ![Image 1: Company logo](https://example.com/logo.png)',
    );
  });

  it('accepts POST / with a JSON or form url', async () => {
    const server = await start();
    const json = await fetch(`${server.url}/`, { method: 'POST', headers: { ...auth, accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify({ url: 'https://example.com/' }) });
    expect((await json.json()).data.title).toBe('Example Domain');
    const form = await fetch(`${server.url}/`, { method: 'POST', headers: { ...auth, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' }, body: 'url=https%3A%2F%2Fexample.com%2F' });
    expect((await form.json()).data.url).toBe('https://example.com/');
  });

  it('rejects a bad key with the 401 envelope; a missing key passes unless required', async () => {
    const server = await start();
    const bad = await fetch(`${server.url}/https://example.com/`, { headers: { authorization: 'Bearer nope', accept: 'application/json' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ data: null, code: 401, name: 'AuthenticationFailedError', status: 40103 });
    expect((await fetch(`${server.url}/https://example.com/`)).status).toBe(200);
    const strict = await start({ requireKey: true });
    expect((await fetch(`${strict.url}/https://example.com/`)).status).toBe(401);
  });

  it('scripts 429 with Retry-After, enforces the RPM limit and the balance', async () => {
    const server = await start({ failures: [{ status: 429, retryAfterSeconds: 3 }], requestsPerMinute: 1, balance: 1_000 });
    const limited = await fetch(`${server.url}/https://example.com/`, { headers: auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(await limited.json()).toMatchObject({ code: 429, name: 'RateLimitTriggeredError', status: 42903 });
    expect((await fetch(`${server.url}/https://example.com/`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${server.url}/https://example.com/`, { headers: auth })).status).toBe(429);
    const broke = await start({ balance: 1 });
    const payment = await fetch(`${broke.url}/https://example.com/`, { headers: auth });
    expect(payment.status).toBe(402);
    expect(await payment.json()).toMatchObject({ name: 'InsufficientBalanceError', status: 40203, readableMessage: expect.stringContaining('recharge') });
  });

  it('refuses loopback targets with 451 and unknown ones with 422', async () => {
    const server = await start();
    const blocked = await fetch(`${server.url}/http://127.0.0.1:8080/`, { headers: auth });
    expect(blocked.status).toBe(451);
    expect((await blocked.json()).name).toBe('SecurityCompromiseError');
    const unknown = await fetch(`${server.url}/https://nowhere.example/`, { headers: auth });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).status).toBe(42206);
  });

  it('returns account info for GET / with a key', async () => {
    const server = await start({ balance: 500 });
    const body = await (await fetch(`${server.url}/`, { headers: { ...auth, accept: 'application/json' } })).json();
    expect(body).toMatchObject({ code: 200, status: 20000, data: { homepage: 'https://jina.ai/reader', balanceLeft: 500 } });
  });
});
