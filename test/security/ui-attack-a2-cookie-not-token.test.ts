/**
 * A browser does not isolate cookies by port: once signed in to `codev ui`, every other server on 127.0.0.1 the
 * browser visits receives the UI's cookie. When the cookie's value was the token itself, another local user
 * running a server on another port read the token from it, and the token works as a bearer for as long as the
 * server runs. The cookie must carry a secret of its own (minted at `/?token=`, never the token, dying with the
 * server, a bounded number of them), and a browser request that authenticates by cookie must say it comes from
 * the page itself (Sec-Fetch-Site): a browser without Fetch Metadata would else let any page of another port
 * make it call the API with the cookie.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUi, type TestUi } from '../../src/ui/server/test-fixtures/start-test-ui.ts';
import { launchTestChromium, type TestChromium } from './test-fixtures/launch-test-chromium.ts';

let ui: TestUi;
let browser: TestChromium;
let other: Server;
let otherPort: number;
const seenByOther: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  ui = await startTestUi({ routes: [{ method: 'GET', pattern: '/api/ping', handle: async () => ({ json: { pong: true } }) }] });
  other = createServer((request, response) => {
    seenByOther.push(request.headers);
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>other</title>');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherPort = (other.address() as AddressInfo).port;
  browser = await launchTestChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => other?.close(resolve));
  await ui?.close();
});

const cookieOf = (setCookie: string[] | undefined) => /^[^=]+=([^;]*)/.exec(setCookie?.[0] ?? '')?.[1] ?? '';
const enter = async () => cookieOf((await ui.send({ path: `/?token=${ui.server.token}`, auth: false })).headers['set-cookie']);
const withCookie = (value: string, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) => ({ auth: false, headers: { cookie: `codev_ui_${ui.server.port}=${value}`, ...headers } });

describe('codev ui: the session cookie is not the token', () => {
  it('another server on 127.0.0.1 the signed-in browser visits gets a cookie that is not the token and is no bearer', { timeout: 60_000 }, async () => {
    const page = await browser.context.newPage();
    await page.goto(ui.server.loginUrl);
    expect(await page.evaluate(async () => (await fetch('/api/ping')).status)).toBe(200);
    await page.goto(`http://127.0.0.1:${otherPort}/`);
    const stolen = seenByOther.map((headers) => headers.cookie ?? '').join('; ');
    expect(stolen).toContain(`codev_ui_${ui.server.port}=`);
    expect(stolen).not.toContain(ui.server.token);
    const value = /codev_ui_\d+=([^;]*)/.exec(stolen)![1]!;
    expect((await ui.send({ path: '/api/ping', headers: { authorization: `Bearer ${value}` } })).status).toBe(401);
    await page.close();
  });

  it('the token in the cookie does not sign in; the minted secret does, for the page and the API', async () => {
    expect((await ui.send({ path: '/api/ping', ...withCookie(ui.server.token) })).status).toBe(401);
    expect((await ui.send({ path: '/', ...withCookie(ui.server.token, {}) })).status).toBe(401);
    const secret = await enter();
    expect(secret).not.toBe('');
    expect(secret).not.toContain(ui.server.token);
    expect((await ui.send({ path: '/api/ping', ...withCookie(secret) })).status).toBe(200);
    expect((await ui.send({ path: '/', ...withCookie(secret, {}) })).status).toBe(200);
  });

  it('each entry mints its own secret; a forged or altered one does not sign in', async () => {
    const first = await enter();
    const second = await enter();
    expect(second).not.toBe(first);
    expect((await ui.send({ path: '/api/ping', ...withCookie(first) })).status).toBe(200);
    const [nonce, mac] = first.split('.');
    expect((await ui.send({ path: '/api/ping', ...withCookie(`${nonce}x.${mac}`) })).status).toBe(401);
    expect((await ui.send({ path: '/api/ping', ...withCookie(`${nonce}.${mac!.slice(1)}`) })).status).toBe(401);
    expect((await ui.send({ path: '/api/ping', ...withCookie(nonce!) })).status).toBe(401);
  });

  it('a cookie-borne API request must say it comes from the page (Sec-Fetch-Site); a bearer need not', async () => {
    const secret = await enter();
    expect((await ui.send({ path: '/api/ping', ...withCookie(secret, {}) })).status).toBe(403);
    expect((await ui.send({ path: '/api/ping', ...withCookie(secret, { 'sec-fetch-site': 'same-site' }) })).status).toBe(403);
    expect((await ui.send({ path: '/api/ping', ...withCookie(secret, { 'sec-fetch-site': 'none' }) })).status).toBe(200);
    expect((await ui.send({ path: '/api/ping' })).status).toBe(200);
  });
});
