/** Test-only: signing a browser page in to a running `codev ui`, and the waits the UI tests share. */
import type { Locator, Page } from 'playwright-core';
import type { CodevUi } from './start-codev-ui.ts';

/** How long a UI test waits for something to show (a live update included): long, so that only a defect, not a loaded machine, ends it. */
export const SHOWS_WITHIN_MS = 60_000;

/** Opens the URL `codev ui` printed (token → cookie → `/`), and waits for the page's navigation. */
export async function signIn(page: Page, ui: CodevUi): Promise<void> {
  await page.goto(ui.url);
  await page.getByRole('link', { name: 'Sessions', exact: true }).first().waitFor({ state: 'attached', timeout: SHOWS_WITHIN_MS });
  if (page.url().includes('token=')) throw new Error(`the token stayed in the address bar: ${page.url()}`);
}

/** Resolves once `locator` is visible (bounded), else fails with what it waited for. */
export async function shows(locator: Locator, timeout = SHOWS_WITHIN_MS): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout });
}

/** Resolves once no element matches `locator` (bounded). */
export async function showsNone(locator: Locator, timeout = SHOWS_WITHIN_MS): Promise<void> {
  const deadline = Date.now() + timeout;
  while ((await locator.count()) > 0) {
    if (Date.now() > deadline) throw new Error(`still ${await locator.count()} element(s) for ${locator}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Resolves once the text of `locator` matches `pattern` (bounded); returns the text. */
export async function textMatches(locator: Locator, pattern: RegExp, timeout = SHOWS_WITHIN_MS): Promise<string> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const text = (await locator.count()) > 0 ? await locator.first().innerText() : '';
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`${locator} reads ${JSON.stringify(text.slice(0, 500))}, which does not match ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
