/**
 * `codev ui` in a real chromium over sessions real agents wrote: the list (search, status), a session's timeline
 * (diff, denied call, thinking, compaction, retry, cost chart, a whole result), a live session growing, two
 * viewports and the accessibility checks that need no library.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textReply } from '../../src/testing/index.ts';
import { bodyTextContrast, focusIsVisible, overflowsHorizontally, tabUntil, unlabelledControls } from './test-fixtures/accessibility.ts';
import { browserUnavailableReason, launchTestBrowser, saveScreenshot, type TestBrowser } from './test-fixtures/browser.ts';
import { createFixtureProject, LONG_LINE_COUNT, THINKING_TEXT, TITLES, type FixtureProject } from './test-fixtures/fixture-project.ts';
import { startCodevUi, type CodevUi } from './test-fixtures/start-codev-ui.ts';
import { shows, showsNone, signIn, textMatches } from './test-fixtures/ui-page.ts';
import type { Page } from 'playwright-core';

const unavailable = browserUnavailableReason();
if (unavailable) process.stderr.write(`\ncodev: the browser tests of codev ui are skipped: ${unavailable}\n`);

describe.skipIf(unavailable !== undefined)('codev ui: sessions in a real browser', () => {
  let project: FixtureProject;
  let ui: CodevUi;
  let browser: TestBrowser;
  beforeAll(async () => {
    project = await createFixtureProject();
    ui = await startCodevUi({ project: project.root });
    browser = await launchTestBrowser();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    const code = await ui?.stop();
    await project?.cleanup();
    // SIGTERM: codev ui closes its streams and exits 143.
    expect(code).toBe(143);
  }, 60_000);

  /** The list, narrowed to the one session whose id is `id` (the search matches ids), then that session opened. */
  async function openSession(page: Page, id: string): Promise<void> {
    await page.goto(`${ui.origin}/`);
    await page.getByLabel('Search sessions').fill(id);
    const link = page.getByRole('table').getByRole('link');
    await shows(link);
    await showsNone(link.nth(1));
    await link.click();
    await shows(page.getByRole('heading', { level: 1 }));
  }

  it('lists the sessions, filters them by search and by status', async () => {
    const { page, problems } = await browser.newPage();
    await signIn(page, ui);
    const table = page.getByRole('table');
    await shows(table.getByRole('link', { name: TITLES.other }));
    await shows(table.getByRole('link', { name: TITLES.live }));
    await saveScreenshot(page, 'sessions-list-1280');

    await page.getByLabel('Search sessions').fill('project layout');
    await showsNone(table.getByRole('link', { name: TITLES.live }));
    await shows(table.getByRole('link', { name: TITLES.other }));
    await page.getByLabel('Search sessions').fill('');
    await shows(table.getByRole('link', { name: TITLES.live }));

    // The live session's agent still holds it: the only running one.
    await page.getByLabel('Status').selectOption('running');
    await shows(table.getByRole('link', { name: TITLES.live }));
    await showsNone(table.getByRole('link', { name: TITLES.other }));
    await showsNone(table.getByRole('link', { name: TITLES.main }));
    await page.getByLabel('Status').selectOption('idle');
    await shows(table.getByRole('link', { name: TITLES.other }));
    await showsNone(table.getByRole('link', { name: TITLES.live }));

    expect(await unlabelledControls(page)).toEqual([]);
    expect(await bodyTextContrast(page)).toBeGreaterThanOrEqual(4.5);
    // Focus shows where the keyboard is.
    expect(await tabUntil(page, (focused) => focused.tag === 'input')).toBe(true);
    expect(await focusIsVisible(page)).toBe(true);
    problems.assertNone();
    await page.close();
  }, 300_000);

  it("titles a compacted session by its first prompt, and no session by the summary codev wrote when compacting", async () => {
    const { page, problems } = await browser.newPage();
    await signIn(page, ui);
    const table = page.getByRole('table');
    await shows(table.getByRole('link', { name: TITLES.other }));
    // The main session was compacted (its conversation now starts with the summary); its fork was made after.
    await page.getByLabel('Search sessions').fill(project.sessions.main);
    await shows(table.getByRole('link', { name: TITLES.main }));
    await page.getByLabel('Search sessions').fill('');
    await shows(table.getByRole('link', { name: TITLES.live }));
    await showsNone(table.getByRole('link', { name: /continues an earlier conversation/ }));
    problems.assertNone();
    await page.close();
  }, 300_000);

  it('shows a session: title, diff, the denied call and its rule, thinking by keyboard, compaction, retry, cost chart, a whole result', async () => {
    const { page, problems } = await browser.newPage();
    await signIn(page, ui);
    await openSession(page, project.sessions.main);

    const edit = page.getByRole('article', { name: 'Edit call' });
    await textMatches(edit, /-\s*Helo\b[\s\S]*\+\s*Hello\b/);
    await textMatches(page.getByRole('article', { name: 'Bash call' }), /denied by rule Bash\(curl:\*\)/);

    const thinking = page.locator('details').filter({ has: page.locator('summary', { hasText: 'Thinking' }) }).first();
    await shows(thinking);
    expect(await thinking.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
    expect(await page.getByText(THINKING_TEXT).isVisible()).toBe(false);
    await thinking.locator('summary').focus();
    await page.keyboard.press('Enter');
    await shows(page.getByText(THINKING_TEXT));
    expect(await thinking.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(true);

    await shows(page.getByText('Compacted', { exact: false }));
    await shows(page.getByText(/retr(y|ied)/i));
    await shows(page.getByRole('img', { name: 'Cost per turn' }));
    await shows(page.getByRole('article', { name: 'TodoWrite call' }));
    await shows(page.getByRole('article', { name: 'Agent call' }));

    const long = page.getByRole('article', { name: 'Read call' }).filter({ hasText: 'line 1 of a long file' });
    await shows(long);
    const last = `line ${LONG_LINE_COUNT} of a long file`;
    expect(await long.innerText()).not.toContain(last);
    await long.getByRole('button', { name: /show all/i }).click();
    await textMatches(long, new RegExp(last));
    await saveScreenshot(page, 'session-1280');
    expect(await unlabelledControls(page)).toEqual([]);
    await textMatches(page.getByRole('heading', { level: 1 }), /^Fix the greeting in hello\.txt$/);
    problems.assertNone();
    await page.close();
  }, 300_000);

  it('shows a running session grow, without a reload', async () => {
    const { page, problems } = await browser.newPage();
    await signIn(page, ui);
    await openSession(page, project.sessions.live);
    await textMatches(page.getByRole('heading', { level: 1 }), /^Watch this session grow$/);
    await shows(page.getByText('Started.'));
    await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));
    await project.appendToLive('One more thing, live', [textReply('The live reply arrived.')]);
    await shows(page.getByText('The live reply arrived.'));
    await shows(page.getByText('One more thing, live'));
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    problems.assertNone();
    await page.close();
  }, 300_000);

  it('fits a 375 px wide screen: no horizontal overflow of the list or of a session', async () => {
    const { page, problems } = await browser.newPage({ width: 375, height: 800 });
    await signIn(page, ui);
    await shows(page.getByRole('link', { name: TITLES.other }));
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'sessions-list-375');
    await openSession(page, project.sessions.main);
    await shows(page.getByRole('article', { name: 'Edit call' }));
    expect(await overflowsHorizontally(page)).toBe(false);
    await saveScreenshot(page, 'session-375');
    problems.assertNone();
    await page.close();
  }, 300_000);
});
