/**
 * Entering from another site (the page `--open` writes) goes through a page that refreshes to `/`: the address
 * with the token must not stay in the tab's history (Back would show it, and re-enter), nor leave in a Referer.
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

describe('codev ui: the token after entering from another site', () => {
  it('is in no Referer and, after Back, not in the address', { timeout: 60_000 }, async () => {
    const page = await browser.context.newPage();
    const referers: string[] = [];
    page.on('request', (request) => referers.push(request.headers().referer ?? ''));
    await page.goto(pathToFileURL(open.path).href);
    await page.waitForURL(new URL('/', ui.server.url).href);
    await page.waitForLoadState('load');
    expect(referers.join(' ')).not.toContain(ui.server.token);
    await page.goBack().catch(() => undefined);
    await page.waitForLoadState('load');
    expect(page.url()).not.toContain(ui.server.token);
    await page.close();
  });
});
