/**
 * Attack C: the server of an open session page stops (codev ui restarted on its port) while the agent goes on
 * writing. The page must say its live updates are lost while the server is away, and once it is back show
 * everything written meanwhile (not only what the stream's first event catches up), in order, each once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionMetadata, startPage, type PageRig } from './attack-c-fixtures/start-page.ts';
import type { TranscriptEntry } from '../../src/transcripts/types.ts';

const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 1) + index * 1000).toISOString();
const prompt = (index: number): TranscriptEntry => ({ type: 'message', uuid: `u${index}`, timestamp: at(index), message: { role: 'user', content: `prompt ${index}` } });

let rig: PageRig;
beforeAll(async () => {
  rig = await startPage();
  await rig.page.goto(rig.server.loginUrl);
}, 60_000);
afterAll(() => rig?.close());

describe('the server goes away and comes back', () => {
  it('says so meanwhile, then shows every item written while it was away', async () => {
    const { page, store } = rig;
    const writer = await store.open({ id: 'away', metadata: sessionMetadata('away') });
    await writer.append([prompt(0)]);
    await writer.flush?.();
    await page.goto(`${rig.server.url}sessions/away`);
    await expect.poll(() => page.locator('.badge').first().textContent()).toBe('running');
    await rig.stopServer();
    await expect.poll(() => page.getByRole('status').filter({ hasText: /./ }).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    // More entries than the stream's first event catches up.
    const written = 600;
    for (let index = 1; index < written; index++) await writer.append([prompt(index)]);
    await writer.flush?.();
    await rig.startServer();
    await expect.poll(() => page.getByRole('region', { name: 'Prompt' }).count(), { timeout: 30_000 }).toBe(written);
    const texts = await page.getByRole('region', { name: 'Prompt' }).locator('.text').allTextContents();
    expect(texts).toEqual(Array.from({ length: written }, (_, index) => `prompt ${index}`));
    await writer.close();
  }, 90_000);
});
