/** Test-only (attacker C): a `codev ui` server over a temp project with the built page, and a real chromium on it. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createFileSessionStore } from '../../../src/transcripts/create-file-session-store.ts';
import { sessionsDirectory } from '../../../src/transcripts/sessions-directory.ts';
import type { SessionMetadata, SessionStore, TranscriptEntry } from '../../../src/transcripts/types.ts';
import { serveUi, type UiServer } from '../../../src/ui/server/serve-ui.ts';

const PAGE_DIRECTORY = path.resolve(import.meta.dirname, '../../../dist/ui/page');
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface PageRig {
  server: UiServer;
  projectRoot: string;
  store: SessionStore;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Stops the server (streams and all), then serves the same project again on the same port with the same token. */
  stopServer(): Promise<void>;
  startServer(): Promise<void>;
  close(): Promise<void>;
}

export const sessionMetadata = (id: string): SessionMetadata => ({ id, cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' });

/** Writes a whole session (opened, appended, closed) into the project's file store. */
export async function writeSession(store: SessionStore, id: string, entries: TranscriptEntry[]): Promise<void> {
  const writer = await store.open({ id, metadata: sessionMetadata(id) });
  await writer.append(entries);
  await writer.close();
}

/** Starts the server (the built page) over a fresh temp project, then chromium (playwright gives each launch a fresh profile), one page. */
export async function startPage(options: { prepare?: (store: SessionStore) => Promise<void> } = {}): Promise<PageRig> {
  const base = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-attack-c-'));
  const projectRoot = path.join(base, 'project');
  mkdirSync(projectRoot);
  writeFileSync(path.join(projectRoot, 'package.json'), '{ "type": "module" }\n');
  const store = createFileSessionStore({ directory: sessionsDirectory(projectRoot) });
  await options.prepare?.(store);
  const serve = (port?: number, token?: string) => serveUi({ cwd: projectRoot, port, token, env: { PATH: process.env.PATH, HOME: process.env.HOME, CODEV_UI_PAGE_DIR: PAGE_DIRECTORY } });
  let server = await serve();
  let running = true;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_FLAGS] });
  const context = await browser.newContext();
  const page = await context.newPage();
  return {
    get server() {
      return server;
    },
    projectRoot,
    store,
    browser,
    context,
    page,
    async stopServer() {
      running = false;
      await server.close();
    },
    async startServer() {
      server = await serve(server.port, server.token);
      running = true;
    },
    async close() {
      await browser.close();
      if (running) await server.close();
      rmSync(base, { recursive: true, force: true });
    },
  };
}
