/** Test-only: the machine's chromium, headless, with a fresh profile of its own (removed on close). */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export interface TestChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function launchTestChromium(): Promise<TestChromium> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: FLAGS });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
