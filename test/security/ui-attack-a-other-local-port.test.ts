/**
 * The cookie of `codev ui` is not port-isolated: a browser sends it (SameSite=Strict included: 127.0.0.1:OTHER is
 * the same site) with every request a page of any other server on 127.0.0.1 makes to the UI's port. CORS keeps
 * such a page from reading the answer, but a no-cors GET (fetch, img, script) carries no Origin: it reaches the
 * API's routes, authenticated, and each event stream it opens holds one of the server's few stream slots. The API
 * must answer only the page's own requests (Fetch Metadata: Sec-Fetch-Site same-origin, or none), or a client
 * that sends no Fetch Metadata (curl, the CLI: no cookie-borne browser request).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestUi, type TestUi } from '../../src/ui/server/test-fixtures/start-test-ui.ts';
import { launchTestChromium, type TestChromium } from './test-fixtures/launch-test-chromium.ts';

let ui: TestUi;
let browser: TestChromium;
let other: Server;
let otherPort: number;
let pings = 0;

const attackPage = (uiPort: number) => `<!doctype html><title>other</title><script>
const target = 'http://127.0.0.1:${uiPort}/api/ping';
Promise.allSettled([
  fetch(target, { mode: 'no-cors', credentials: 'include' }),
  new Promise((resolve) => { const image = new Image(); image.onload = image.onerror = resolve; image.src = target + '?image'; }),
  new Promise((resolve) => { const script = document.createElement('script'); script.onload = script.onerror = resolve; script.src = target + '?script'; document.head.append(script); }),
]).then(() => { document.title = 'done'; });
</script>`;

beforeAll(async () => {
  ui = await startTestUi({ routes: [{ method: 'GET', pattern: '/api/ping', handle: async () => ((pings += 1), { json: { pong: true } }) }] });
  other = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackPage(ui.server.port));
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

describe('codev ui: a page of another server on 127.0.0.1', () => {
  it('cannot make the browser reach the API with the cookie; the page of the UI itself still can', async () => {
    const page = await browser.context.newPage();
    await page.goto(ui.server.loginUrl);
    const own = await page.evaluate(async () => (await fetch('/api/ping')).status);
    expect(own).toBe(200);
    const before = pings;
    expect(before).toBe(1);
    await page.goto(`http://127.0.0.1:${otherPort}/`);
    await page.waitForFunction(() => document.title === 'done');
    expect(pings - before).toBe(0);
    await page.close();
  }, 60_000);
});
