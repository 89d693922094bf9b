/** `codev ui`'s tools page in a real browser: the pool as loaded, a plugin added while it runs, a call explained. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlabelledControls } from './test-fixtures/accessibility.ts';
import { browserUnavailableReason, launchTestBrowser, saveScreenshot, type TestBrowser } from './test-fixtures/browser.ts';
import { createFixtureProject, PLUGIN_TOOL, pluginSource, type FixtureProject } from './test-fixtures/fixture-project.ts';
import { startCodevUi, type CodevUi } from './test-fixtures/start-codev-ui.ts';
import { shows, signIn, textMatches } from './test-fixtures/ui-page.ts';

const unavailable = browserUnavailableReason();
if (unavailable) process.stderr.write(`\ncodev: the browser tests of codev ui are skipped: ${unavailable}\n`);

describe.skipIf(unavailable !== undefined)('codev ui: the tools page in a real browser', () => {
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

  it('lists the pool (built-ins and a plugin), and a plugin written meanwhile appears without a reload', async () => {
    const { page, problems } = await browser.newPage();
    await signIn(page, ui);
    await page.getByRole('link', { name: 'Tools', exact: true }).first().click();
    const table = page.getByRole('table');
    /** The pool's row of the tool `name` (its name in a cell or a row header of its own). */
    const rowOf = (name: string) => table.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
    for (const name of ['Read', 'Bash', PLUGIN_TOOL]) await shows(rowOf(name));
    await textMatches(rowOf(PLUGIN_TOOL), /plugin/);
    await textMatches(rowOf('Read'), /builtin/);
    expect(await rowOf('Whisper').count()).toBe(0);
    await page.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));
    writeFileSync(path.join(project.root, 'plugins', 'whisper.ts'), pluginSource('Whisper'));
    await shows(rowOf('Whisper'), 60_000);
    expect(await page.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
    await saveScreenshot(page, 'tools-1280');
    problems.assertNone();
    await page.close();
  }, 300_000);

  it("explains Bash 'rm -rf /': the verdict, and the shell's analysis of the command", async () => {
    const { page, problems } = await browser.newPage();
    await signIn(page, ui);
    await page.getByRole('link', { name: 'Tools', exact: true }).first().click();
    const tool = page.getByLabel('Tool', { exact: true });
    await shows(tool);
    if ((await tool.evaluate((element) => element.tagName)) === 'SELECT') await tool.selectOption('Bash');
    else await tool.fill('Bash');
    await page.getByLabel('Input', { exact: true }).fill('rm -rf /');
    await page.getByRole('button', { name: 'Explain' }).click();
    const verdict = await textMatches(page.getByRole('status'), /\b(deny|ask)\b/);
    expect(verdict).not.toMatch(/\ballow\b/);
    // The analysis names the program the shell would run.
    await textMatches(page.locator('main'), /\brm\b[\s\S]*-rf/);
    expect(await unlabelledControls(page)).toEqual([]);
    await saveScreenshot(page, 'tools-explain-1280');
    problems.assertNone();
    await page.close();
  }, 300_000);
});
