/**
 * Test-only: one real chromium per test file, through playwright-core, in a fresh profile folder. Where chromium
 * is missing the browser tests are skipped with the fix, except on CI (`CI` or `CODEV_REQUIRE_BROWSER` set: `.ci/run`
 * sets the latter and installs chromium):
 * there a missing browser fails the run (a skip must never pass for a test that ran).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/** Where the browser tests look for chromium (Debian's package). */
export const CHROMIUM_PATH = process.env.CODEV_CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The flags every test browser runs with: headless, no network of its own, nothing a profile would fetch. */
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Where screenshots go (a test artifact, gitignored). */
export const SCREENSHOTS_DIRECTORY = path.resolve(import.meta.dirname, '../../../test-results/ui');

/**
 * Why the browser tests cannot run here (skip them, saying so), or undefined when they can. Throws on CI, where
 * a missing chromium is a broken install, not a reason to skip.
 */
export function browserUnavailableReason(): string | undefined {
  if (existsSync(CHROMIUM_PATH)) return undefined;
  const reason = `chromium is not installed at ${CHROMIUM_PATH} (Debian/Ubuntu: apt-get install chromium; .ci/run does it)`;
  if (process.env.CI || process.env.CODEV_REQUIRE_BROWSER) throw new Error(`codev: the browser tests cannot run on CI: ${reason}`);
  return reason;
}

/** A running test browser: its context (one profile), its process id, and how to close it (checked gone). */
export interface TestBrowser {
  context: BrowserContext;
  /** The browser's processes (the browser and its helpers), found by their profile folder. */
  pids: number[];
  /** A new page whose uncaught errors and CSP violations are collected (see {@link PageProblems}). */
  newPage(options?: { width?: number; height?: number }): Promise<{ page: Page; problems: PageProblems }>;
  /** Closes the browser, waits for its process to be gone and removes the profile folder. */
  close(): Promise<void>;
}

/** What went wrong in a page: uncaught errors, console errors, CSP violations. `assertNone` fails the test on any. */
export interface PageProblems {
  readonly errors: string[];
  assertNone(): void;
}

/** Launches chromium with {@link CHROMIUM_FLAGS} and a fresh `--user-data-dir` (removed by `close`). */
export async function launchTestBrowser(): Promise<TestBrowser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS, viewport: { width: 1280, height: 800 }, timeout: 60_000 });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  const pids = processesOf(profile);
  if (pids.length === 0) throw new Error(`no chromium process runs with the profile ${profile}`);
  return {
    context,
    pids,
    async newPage(options = {}) {
      const page = await context.newPage();
      await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 800 });
      return { page, problems: collectProblems(page) };
    },
    async close() {
      await context.close();
      for (const pid of pids) await waitGone(pid);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function collectProblems(page: Page): PageProblems {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    // Chromium reports a CSP violation and a failed resource as console errors: both are defects of the page.
    if (message.type() === 'error') errors.push(`console: ${message.text()} (${message.location().url})`);
  });
  return {
    errors,
    assertNone() {
      if (errors.length > 0) throw new Error(`the page reported ${errors.length} error(s):\n${errors.join('\n')}`);
    },
  };
}

/**
 * The pids of the browser's processes: those whose command line names this run's own profile folder (a fresh
 * temp folder, so never another test's browser). Playwright does not expose the pid of a persistent context.
 */
function processesOf(profile: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(`--user-data-dir=${profile}`)) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
}

/** Resolves when no process has `pid` any more; throws after 10 s (SIGKILLs it then: it is ours). */
async function waitGone(pid: number): Promise<void> {
  for (let waited = 0; waited < 200; waited++) {
    if (!isAlive(pid)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  process.kill(pid, 'SIGKILL');
  throw new Error(`the test browser (pid ${pid}) was still running 10 s after it was closed`);
}

/** True while `pid` runs (a zombie, exited but not yet reaped, has ended). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Saves a full-page screenshot of `page` as `test-results/ui/<name>.png`; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIRECTORY, { recursive: true });
  const file = path.join(SCREENSHOTS_DIRECTORY, `${name.replace(/[^a-z0-9-]+/gi, '-').toLowerCase()}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
