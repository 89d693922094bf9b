/**
 * Attack (issue 35, B2): the page's event stream dropped, and more was written meanwhile than the stream's
 * catch-up (its first event: the latest 200 entries) carries. The page must read the session again on
 * reconnect: before the fix it kept the view it had and merged the catch-up, so the first entries written
 * while it was disconnected never showed.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { serveUi, type UiServer } from '../../src/ui/server/serve-ui.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { SessionWriter } from '../../src/transcripts/types.ts';
import { browserUnavailableReason, launchTestBrowser, type TestBrowser } from './test-fixtures/browser.ts';
import { shows } from './test-fixtures/ui-page.ts';

const unavailable = browserUnavailableReason();
const AT = '2026-01-01T00:00:00.000Z';
/** More entries than the stream's catch-up (200). */
const WRITTEN_WHILE_DISCONNECTED = 300;

describe.skipIf(unavailable !== undefined)('codev ui page: a dropped event stream', () => {
  let root: string;
  let writer: SessionWriter;
  let browser: TestBrowser;
  let server: UiServer | undefined;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-b2-reconnect-'));
    const sessions = path.join(root, '.codev', 'sessions');
    mkdirSync(sessions, { recursive: true });
    const store = createFileSessionStore({ directory: sessions });
    // Held open all along: the session is running, so the page follows it.
    writer = await store.open({ id: 'live', metadata: { id: 'live', cwd: root, model: 'claude-test', codevVersion: '0.0.0', createdAt: AT } });
    await writer.append([{ type: 'message', uuid: 'u0', timestamp: AT, message: { role: 'user', content: 'the first prompt' } }]);
    browser = await launchTestBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await writer?.close();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('reads the session again after a reconnect: nothing written while disconnected is missed', async () => {
    server = await serveUi({ cwd: root, token: 'b2-reconnect-token' });
    const { port, token } = server;
    const { page, problems } = await browser.newPage();
    await page.goto(server.loginUrl);
    await page.goto(`${server.url}sessions/live`);
    await shows(page.getByText('the first prompt'));

    // The stream drops (the server goes away), the agent writes on, the server comes back on the same port.
    await server.close();
    server = undefined;
    const entries = Array.from({ length: WRITTEN_WHILE_DISCONNECTED }, (_, index) => ({
      type: 'message' as const,
      uuid: `m${index}`,
      timestamp: AT,
      message: { role: 'user' as const, content: `written while disconnected #${index}#` },
    }));
    await writer.append(entries);
    server = await serveUi({ cwd: root, port, token });

    // The last ones come with the reconnected stream's catch-up; the first ones only from a new read.
    await shows(page.getByText(`written while disconnected #${WRITTEN_WHILE_DISCONNECTED - 1}#`));
    await shows(page.getByText('written while disconnected #0#'));
    // The page reported nothing but the dropped connection itself (chromium logs a failed reconnect as an error).
    problems.errors.splice(0, problems.errors.length, ...problems.errors.filter((error) => !/ERR_CONNECTION_REFUSED|events/.test(error)));
    problems.assertNone();
    await page.close();
  }, 240_000);
});
