/**
 * The API refuses browser requests not from the page itself (Sec-Fetch-Site) and the cookie is a session secret:
 * the page's own ways of moving must still reach the API signed in, in a real chromium: the first load, a link, a
 * reload, back and forward, a bookmark of a deep address opened in a new tab, an API address typed in (its JSON
 * shown to the user who typed it: Sec-Fetch-Site none).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveUi, type UiServer } from '../../src/ui/server/serve-ui.ts';
import { launchTestChromium, type TestChromium } from './test-fixtures/launch-test-chromium.ts';

const PAGE_DIRECTORY = process.env.CODEV_UI_PAGE_DIR ?? path.resolve(import.meta.dirname, '../../dist/ui/page');
let base: string;
let server: UiServer;
let browser: TestChromium;

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-nav-'));
  mkdirSync(path.join(base, 'project'));
  writeFileSync(path.join(base, 'project', 'package.json'), '{ "type": "module" }\n');
  server = await serveUi({ cwd: path.join(base, 'project'), env: { PATH: process.env.PATH, HOME: base, CODEV_UI_PAGE_DIR: PAGE_DIRECTORY }, port: 0 });
  browser = await launchTestChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(base, { recursive: true, force: true });
});

describe('codev ui: the page moving about, signed in by its session cookie', () => {
  it('every API answer the page gets is neither 401 nor 403', { timeout: 90_000 }, async () => {
    const refused: string[] = [];
    browser.context.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/') && [401, 403].includes(response.status())) refused.push(`${response.status()} ${response.url()}`);
    });
    const page = await browser.context.newPage();
    await page.goto(server.loginUrl);
    await page.getByRole('link', { name: 'Tools', exact: true }).first().click();
    await page.waitForURL(/\/tools$/);
    await page.getByRole('table').first().waitFor();
    await page.reload();
    await page.getByRole('table').first().waitFor();
    await page.goBack();
    await page.waitForURL(new URL('/', server.url).href);
    await page.goForward();
    await page.waitForURL(/\/tools$/);
    const bookmark = await browser.context.newPage();
    const deep = await bookmark.goto(new URL('/sessions/not-a-session', server.url).href);
    expect(deep?.status()).toBe(200);
    await bookmark.waitForLoadState('networkidle');
    const typed = await bookmark.goto(new URL('/api/overview', server.url).href);
    expect(typed?.status()).toBe(200);
    expect(refused).toEqual([]);
    await page.close();
    await bookmark.close();
  });
});
