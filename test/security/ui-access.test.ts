/**
 * Who may reach `codev ui`: only a request carrying the token (the cookie the `/?token=` URL sets, or a bearer),
 * naming this server in Host (DNS rebinding), and, for a POST, coming from the page itself as JSON (a form of
 * another site can send text/plain, urlencoded or multipart without a preflight: CSRF).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import { serveUi } from '../../src/ui/server/serve-ui.ts';
import { sendRawRequest, startTestUi, type TestUi } from '../../src/ui/server/test-fixtures/start-test-ui.ts';

let ui: TestUi;
let posts = 0;

beforeAll(async () => {
  ui = await startTestUi({
    routes: [
      { method: 'GET', pattern: '/api/ping', handle: async () => ({ json: { pong: true } }) },
      { method: 'POST', pattern: '/api/act', handle: async () => ((posts += 1), { json: { ok: true } }) },
    ],
  });
});
afterAll(async () => {
  await ui?.close();
});

const own = () => `127.0.0.1:${ui.server.port}`;
const cookie = (value: string, port = ui.server.port) => `codev_ui_${port}=${value}`;
/** Signs in as a browser does: `/?token=` → the session secret the cookie carries (never the token). */
const signIn = async () => /^codev_ui_\d+=([^;]*)/.exec((await ui.send({ path: `/?token=${ui.server.token}`, auth: false })).headers['set-cookie']![0]!)![1]!;

describe('codev ui: the token', () => {
  it('without it: the page is a 401 page saying what to open, the API and the assets 401', async () => {
    const page = await ui.send({ path: '/', auth: false });
    expect(page.status).toBe(401);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toContain('?token=');
    expect(page.text).not.toContain(ui.server.token);
    expect((await ui.send({ path: '/sessions/abc', auth: false })).status).toBe(401);
    expect((await ui.send({ path: '/assets/app.js', auth: false })).status).toBe(401);
    const api = await ui.send({ path: '/api/ping', auth: false });
    expect(api.status).toBe(401);
    expect((api.json() as { error: { code: string } }).error.code).toBe('UI_SERVE_FAILED');
  });

  it('a wrong bearer, a wrong cookie, the right token in the cookie of another port, a token in the query of an API call: 401', async () => {
    expect((await ui.send({ path: '/api/ping', headers: { authorization: 'Bearer wrong-token-0123456789' } })).status).toBe(401);
    expect((await ui.send({ path: '/api/ping', auth: false, headers: { cookie: cookie('wrong-token-0123456789') } })).status).toBe(401);
    expect((await ui.send({ path: '/api/ping', auth: false, headers: { cookie: cookie(ui.server.token, ui.server.port + 1) } })).status).toBe(401);
    expect((await ui.send({ path: `/api/ping?token=${ui.server.token}`, auth: false })).status).toBe(401);
  });

  it('the right bearer or session cookie (among others) lets in', async () => {
    expect((await ui.send({ path: '/api/ping' })).json()).toEqual({ pong: true });
    const secret = await signIn();
    expect((await ui.send({ path: '/api/ping', auth: false, headers: { 'sec-fetch-site': 'same-origin', cookie: `other=1; ${cookie('wrong-token-0123456789')}; ${cookie(secret)}` } })).status).toBe(200);
    expect((await ui.send({ path: '/', auth: false, headers: { cookie: cookie(secret) } })).status).toBe(200);
  });

  it('/?token=T sets an HttpOnly SameSite=Strict cookie named after the port, not the token, and redirects to / (303); a wrong one sets nothing', async () => {
    const entered = await ui.send({ path: `/?token=${ui.server.token}`, auth: false });
    expect(entered.status).toBe(303);
    expect(entered.headers.location).toBe('/');
    const set = entered.headers['set-cookie']![0]!;
    expect(set.startsWith(cookie(''))).toBe(true);
    expect(set).not.toContain(ui.server.token);
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Strict/);
    expect(set).toMatch(/; Path=\//);
    const wrong = await ui.send({ path: '/?token=wrong-token-0123456789', auth: false });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('every answer forbids inline script, sniffing and referrers; the page is not cached', async () => {
    for (const path of ['/', '/assets/app.js', '/api/ping', '/api/nothing']) {
      const answer = await ui.send({ path });
      expect(answer.headers['content-security-policy'], path).toMatch(/default-src 'self'/);
      expect(answer.headers['content-security-policy'], path).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(answer.headers['x-content-type-options'], path).toBe('nosniff');
      expect(answer.headers['referrer-policy'], path).toBe('no-referrer');
    }
    expect((await ui.send({ path: '/' })).headers['cache-control']).toBe('no-store');
  });
});

describe('codev ui: Host (DNS rebinding) and duplicate headers', () => {
  it.each([
    ['a rebinding name', () => `evil.example:${ui.server.port}`],
    ['a name that resolves to loopback', () => `127.0.0.1.nip.io:${ui.server.port}`],
    ['no port', () => '127.0.0.1'],
    ['another port', () => `127.0.0.1:${ui.server.port + 1}`],
    ['an empty one', () => ''],
  ])('refuses %s (403) even with the token', async (_name, host) => {
    expect((await ui.send({ path: '/api/ping', headers: { host: host() } })).status).toBe(403);
    expect((await ui.send({ path: `/?token=${ui.server.token}`, headers: { host: host() } })).status).toBe(403);
  });

  it('takes the loopback names of this port', async () => {
    for (const host of [own(), `localhost:${ui.server.port}`, `LOCALHOST:${ui.server.port}`, `[::1]:${ui.server.port}`]) {
      expect((await ui.send({ path: '/api/ping', headers: { host } })).status, host).toBe(200);
    }
  });

  it('refuses two Host or two Authorization headers (400)', async () => {
    const raw = (headers: string[]) => sendRawRequest(ui.server.port, `GET /api/ping HTTP/1.1\r\n${headers.join('\r\n')}\r\nConnection: close\r\n\r\n`);
    const bearer = `Authorization: Bearer ${ui.server.token}`;
    expect(await raw([`Host: ${own()}`, bearer])).toBe(200);
    expect(await raw([`Host: ${own()}`, `Host: evil.example:${ui.server.port}`, bearer])).toBe(400);
    expect(await raw([`Host: ${own()}`, bearer, 'Authorization: Bearer other'])).toBe(400);
    expect(await raw([bearer])).toBe(400);
  });

  it('refuses a GET whose Origin is another site (403)', async () => {
    expect((await ui.send({ path: '/api/ping', headers: { origin: 'http://evil.example' } })).status).toBe(403);
  });
});

describe('codev ui: POST (CSRF)', () => {
  const post = (headers: Record<string, string>) => ui.send({ method: 'POST', path: '/api/act', headers, body: '{}' });

  it('refuses a body that is not declared JSON (a form post: text/plain, urlencoded, multipart) with 415, the route not run', async () => {
    const before = posts;
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', '']) {
      expect((await post({ 'content-type': type, origin: `http://${own()}` })).status, type).toBe(415);
    }
    expect(posts).toBe(before);
  });

  it('refuses no Origin, a null one, another site, another port (403), the route not run', async () => {
    const before = posts;
    for (const origin of [undefined, 'null', 'http://evil.example', `http://127.0.0.1:${ui.server.port + 1}`, `https://${own()}`]) {
      expect((await post({ 'content-type': 'application/json', ...(origin !== undefined && { origin }) })).status, origin).toBe(403);
    }
    expect(posts).toBe(before);
  });

  it('runs a JSON POST from its own origin, with the session cookie only', async () => {
    const answer = await ui.send({ method: 'POST', path: '/api/act', auth: false, headers: { 'content-type': 'application/json; charset=utf-8', origin: `http://${own()}`, 'sec-fetch-site': 'same-origin', cookie: cookie(await signIn()) }, body: '{}' });
    expect(answer.json()).toEqual({ ok: true });
  });
});

describe('codev ui: the page files over HTTP', () => {
  it('serves no file outside the page folder, whatever the path', async () => {
    for (const path of ['/assets/../../project/package.json', '/assets/%2e%2e/%2e%2e/project/package.json', '/assets/..%2f..%2fproject%2fpackage.json', '/assets/%2E%2E%5C..%5Cproject', '/..%2fproject/package.json']) {
      const answer = await ui.send({ path });
      expect(answer.text, path).not.toContain('"type"');
    }
    expect((await ui.send({ path: '/assets/missing.js' })).status).toBe(404);
  });
});

describe('serveUi: where it may listen', () => {
  it('refuses a host off loopback without a token of its own (UI_SERVE_FAILED), before listening', async () => {
    expect(await rejectionCode(serveUi({ host: '0.0.0.0', port: 0 }))).toBe('UI_SERVE_FAILED');
    expect(await rejectionCode(serveUi({ host: '::', port: 0 }))).toBe('UI_SERVE_FAILED');
  });

  it('refuses a token no client can send, or too short to guard anything (UI_SERVE_FAILED)', async () => {
    for (const token of ['short', 'has spaces in it 0123456789', 'semi;colon0123456789', '']) {
      expect(await rejectionCode(startTestUi({ token }).then((started) => started.close())), token).toBe('UI_SERVE_FAILED');
    }
  });
});
