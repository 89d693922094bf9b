/**
 * `codev ui` over a real fleet (its own redis-server, a real `codev worker`): a job parked on an ask shows with
 * Approve and Deny; Approve lets it go on, live, to completed, the call having run; Cancel job cancels another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusIsVisible, tabUntil, unlabelledControls } from './test-fixtures/accessibility.ts';
import { browserUnavailableReason, launchTestBrowser, saveScreenshot, type TestBrowser } from './test-fixtures/browser.ts';
import { startFixtureFleet, type FixtureFleet } from './test-fixtures/fixture-fleet.ts';
import { createFixtureProject, type FixtureProject } from './test-fixtures/fixture-project.ts';
import { startCodevUi, type CodevUi } from './test-fixtures/start-codev-ui.ts';
import { shows, signIn, textMatches } from './test-fixtures/ui-page.ts';
import type { Page } from 'playwright-core';

/** The job page's state (the value of its "State" term). */
const stateOnPage = (page: Page) => page.locator('dt:text-is("State") + dd');

const unavailable = browserUnavailableReason();
if (unavailable) process.stderr.write(`\ncodev: the browser tests of codev ui are skipped: ${unavailable}\n`);

const PARKS_WITHIN_MS = 120_000;

describe.skipIf(unavailable !== undefined)('codev ui: the fleet in a real browser', () => {
  let project: FixtureProject;
  let fleet: FixtureFleet;
  let ui: CodevUi;
  let browser: TestBrowser;
  let approved = '';
  let cancelled = '';
  beforeAll(async () => {
    project = await createFixtureProject();
    fleet = await startFixtureFleet({ project: project.root, modelUrl: project.server.url });
    approved = await fleet.addParkingJob(1);
    cancelled = await fleet.addParkingJob(2);
    ui = await startCodevUi({ project: project.root, env: { CODEV_REDIS_URL: fleet.redis.url } });
    browser = await launchTestBrowser();
  }, 400_000);
  afterAll(async () => {
    await browser?.close();
    const code = await ui?.stop();
    await fleet?.stop();
    await project?.cleanup();
    // SIGTERM: codev ui closes its streams and exits 143.
    expect(code).toBe(143);
  }, 60_000);

  it('shows a parked job with Approve and Deny; Approve (reached by Tab) lets it run to completed, live', async () => {
    const { page, problems } = await browser.newPage();
    await signIn(page, ui);
    await page.getByRole('link', { name: 'Fleet', exact: true }).first().click();
    const row = page.getByRole('link', { name: approved });
    await shows(row, PARKS_WITHIN_MS);
    await shows(page.getByRole('link', { name: cancelled }));
    await saveScreenshot(page, 'fleet-1280');
    await row.click();
    await shows(page.getByRole('button', { name: 'Approve' }), PARKS_WITHIN_MS);
    await shows(page.getByRole('button', { name: 'Deny' }));
    await textMatches(stateOnPage(page), /\bparked\b/);
    await saveScreenshot(page, 'fleet-job-parked-1280');
    expect(await unlabelledControls(page)).toEqual([]);

    // The keyboard reaches the answer, and shows where it is.
    await page.locator('body').focus();
    expect(await tabUntil(page, (focused) => focused.tag === 'button' && (focused.text === 'Approve' || focused.label === 'Approve'))).toBe(true);
    expect(await focusIsVisible(page)).toBe(true);
    await page.keyboard.press('Enter');

    await textMatches(stateOnPage(page), /\bcompleted\b/, PARKS_WITHIN_MS);
    // The job's transcript: the approved call ran and printed.
    await textMatches(page.getByRole('article', { name: 'Bash call' }), /wrote report-1/, PARKS_WITHIN_MS);
    expect(await fleet.stateOf(approved)).toBe('completed');
    await saveScreenshot(page, 'fleet-job-completed-1280');
    problems.assertNone();
    await page.close();
  }, 400_000);

  it('cancels a parked job with Cancel job (confirmed)', async () => {
    const { page, problems } = await browser.newPage();
    await signIn(page, ui);
    await page.getByRole('link', { name: 'Fleet', exact: true }).first().click();
    await page.getByRole('link', { name: cancelled }).click();
    await shows(page.getByRole('button', { name: 'Approve' }), PARKS_WITHIN_MS);
    await page.getByRole('button', { name: 'Cancel job' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await textMatches(stateOnPage(page), /\bcancelled\b/);
    expect(await fleet.stateOf(cancelled)).toBe('cancelled');
    problems.assertNone();
    await page.close();
  }, 400_000);
});
