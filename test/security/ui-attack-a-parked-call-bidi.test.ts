/**
 * What a person approves on a job's page must be what they saw: a parked call's input (written by the model, so by
 * whoever wrote the prompt or a file it read) with a right-to-left override, zero-width or other unseen characters
 * would show reordered or hidden (`rm -rf ~` drawn as something harmless). The page shows every such character
 * written out as `\uXXXX`, as codev's MCP approval prompt does.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textReply, toolUseReply } from '../../src/testing/index.ts';
import { eventually, startFleetTestBed, type FleetTestBed } from '../../src/ui/server/fleet/test-fixtures/fleet-test-bed.ts';
import { serveUi, type UiServer } from '../../src/ui/server/serve-ui.ts';
import type { UiJobView } from '../../src/ui/types.ts';
import { launchTestChromium, type TestChromium } from './test-fixtures/launch-test-chromium.ts';

const PAGE = path.resolve('dist/ui/page');
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

let bed: FleetTestBed;
let browser: TestChromium;
let server: UiServer | undefined;

beforeAll(async () => {
  bed = await startFleetTestBed('ui-attack-a-bidi');
  browser = await launchTestChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await bed?.close();
});

describe('codev ui: a parked call with unseen characters', () => {
  it.skipIf(!existsSync(path.join(PAGE, 'index.html')))('is shown with each of them written out, never reordered or hidden', { timeout: 120_000 }, async () => {
    const { fleet, queue, ui } = await bed.open();
    const content = 'safe \u202Etxt.hs ; ~ fr- mr\u202C done\u200B\u2066x\u2069\n';
    bed.replies((index) => (index === 0 ? toolUseReply('Write', { file_path: path.join(bed.project, 'note\u202Egnp.sh'), content }, { id: 'toolu_bidi' }) : textReply('done')));
    const job = await fleet.submit({ script: bed.script, prompt: 'note it', deferAsks: true });
    await eventually(() => ui.request('GET', `/api/fleet/jobs/${job.id}`), ({ json }) => (json as UiJobView).job?.state === 'parked', 'the job parked');
    server = await serveUi({ cwd: bed.project, redis: bed.redis.url, queue, env: { PATH: process.env.PATH, HOME: process.env.HOME, CODEV_UI_PAGE_DIR: PAGE } });
    const page = await browser.context.newPage();
    await page.goto(server.loginUrl);
    await page.goto(new URL(`/fleet/jobs/${encodeURIComponent(job.id)}`, server.url).href);
    const approval = page.getByRole('article', { name: /Approval for/ });
    await approval.getByRole('button', { name: 'Approve' }).waitFor();
    const shown = await approval.evaluate((element) => element.textContent ?? '');
    expect(shown).toContain('\\u202e');
    expect(UNSEEN.exec(shown.replace(/[\n\t]/g, ''))).toBeNull();
    await page.close();
  });
});
