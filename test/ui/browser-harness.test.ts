/** The browser harness itself: a real chromium starts, renders, reports page errors, and is gone once closed. */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserUnavailableReason, launchTestBrowser, saveScreenshot, type TestBrowser } from './test-fixtures/browser.ts';

const unavailable = browserUnavailableReason();
if (unavailable) process.stderr.write(`\ncodev: the browser tests are skipped: ${unavailable}\n`);

describe.skipIf(unavailable !== undefined)('the browser harness', () => {
  let browser: TestBrowser;
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    browser = await launchTestBrowser();
    server = createServer((request, response) => {
      const csp = "default-src 'self'";
      if (request.url === '/throws') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<script>setTimeout(() => { throw new Error("boom") })</script>');
      if (request.url === '/csp') return void response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end('<p>x</p><script>console.log(1)</script>');
      response.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp }).end('<!doctype html><title>ok</title><h1>Hello</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 90_000);
  afterAll(async () => {
    const pids = browser?.pids ?? [];
    await browser?.close();
    for (const pid of pids) expect(existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ')).toBe(false);
    await new Promise((resolve) => server?.close(resolve));
  });

  it('renders a page, saves its screenshot, and finds no problem in a clean one', async () => {
    expect(browser.pids.length).toBeGreaterThan(0);
    const { page, problems } = await browser.newPage();
    await page.goto(`${origin}/`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Hello');
    expect(existsSync(await saveScreenshot(page, 'harness-clean'))).toBe(true);
    problems.assertNone();
    await page.close();
  });

  it('fails on an uncaught error and on a CSP violation', async () => {
    const thrown = await browser.newPage();
    await thrown.page.goto(`${origin}/throws`);
    await expect.poll(() => thrown.problems.errors.length).toBeGreaterThan(0);
    expect(() => thrown.problems.assertNone()).toThrow(/boom/);
    const blocked = await browser.newPage();
    await blocked.page.goto(`${origin}/csp`);
    await expect.poll(() => blocked.problems.errors.length).toBeGreaterThan(0);
    expect(() => blocked.problems.assertNone()).toThrow(/Content Security Policy/);
  });
});
