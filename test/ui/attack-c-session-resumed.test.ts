/**
 * Attack C: a session page opened while the session is idle, and the session then continued (`codev -c`, a
 * resume in another terminal): what the agent writes must appear on the open page, and the status with it,
 * as it does for a session that was running when the page opened.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPage, writeSession, type PageRig } from './attack-c-fixtures/start-page.ts';
import type { TranscriptEntry } from '../../src/transcripts/types.ts';

const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 1) + index * 1000).toISOString();
const prompt = (index: number): TranscriptEntry => ({ type: 'message', uuid: `u${index}`, timestamp: at(index), message: { role: 'user', content: `prompt ${index}` } });

let rig: PageRig;
beforeAll(async () => {
  rig = await startPage({ prepare: (store) => writeSession(store, 'resumed', [prompt(0)]) });
  await rig.page.goto(rig.server.loginUrl);
}, 60_000);
afterAll(() => rig?.close());

describe('a session continued while its page is open', () => {
  it('shows what the resumed agent writes, and the status running then idle', async () => {
    const { page, server, store } = rig;
    await page.goto(`${server.url}sessions/resumed`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('prompt 0');
    await expect.poll(() => page.locator('.badge').first().textContent()).toBe('idle');
    const writer = await store.open({ id: 'resumed' });
    await writer.append([prompt(1)]);
    await writer.flush?.();
    await expect.poll(() => page.getByRole('region', { name: 'Prompt' }).count(), { timeout: 15_000 }).toBe(2);
    await expect.poll(() => page.locator('.badge').first().textContent(), { timeout: 15_000 }).toBe('running');
    await writer.close();
    await expect.poll(() => page.locator('.badge').first().textContent(), { timeout: 15_000 }).toBe('idle');
  }, 60_000);
});
