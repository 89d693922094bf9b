/**
 * The login URL opened from another site (the owner-only page `--open` hands the browser, a link in a web chat):
 * the cookie is SameSite=Strict, so a redirect in a chain another site started does not carry it, and a 303 to `/`
 * lands on the 401 page. The entry must end on the page itself, signed in, with the token out of the address bar.
 */
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeOpenPage, type OpenPage } from '../../src/cli/commands/ui/write-open-page.ts';
import { startTestUi, type TestUi } from '../../src/ui/server/test-fixtures/start-test-ui.ts';
import { launchTestChromium, type TestChromium } from './test-fixtures/launch-test-chromium.ts';

let ui: TestUi;
let browser: TestChromium;
let open: OpenPage;

beforeAll(async () => {
  ui = await startTestUi({ routes: [{ method: 'GET', pattern: '/api/ping', handle: async () => ({ json: { pong: true } }) }] });
  open = writeOpenPage(ui.server.loginUrl);
  browser = await launchTestChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  open?.remove();
  await ui?.close();
});

describe('codev ui: entering from another site', () => {
  it('the page --open writes leads to the page itself, signed in, the token gone from the address', { timeout: 60_000 }, async () => {
    const page = await browser.context.newPage();
    const statuses = new Map<string, number>();
    page.on('response', (response) => statuses.set(new URL(response.url()).pathname + new URL(response.url()).search, response.status()));
    await page.goto(pathToFileURL(open.path).href);
    await page.waitForURL(new URL('/', ui.server.url).href);
    await page.waitForLoadState('load');
    expect(page.url()).not.toContain(ui.server.token);
    expect(statuses.get('/')).toBe(200);
    expect(await page.evaluate(async () => (await fetch('/api/ping')).status)).toBe(200);
    await page.close();
  });
});
