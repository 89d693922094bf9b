/**
 * Attack C: an Edit that turns CRLF line endings into LF (or back) changed every line it touched, but on the page
 * the removed and added lines read the same ("-a" / "+a": a carriage return is invisible). The page must show the
 * carriage return, so that the two differ to the eye and to a screen reader.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPage, writeSession, type PageRig } from './attack-c-fixtures/start-page.ts';
import type { TranscriptEntry } from '../../src/transcripts/types.ts';

const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 1) + index * 1000).toISOString();
const entries: TranscriptEntry[] = [
  { type: 'message', uuid: 'u0', timestamp: at(0), message: { role: 'user', content: 'line endings' } },
  { type: 'message', uuid: 'a0', timestamp: at(1), message: { role: 'assistant', content: [{ type: 'tool_use', id: 't0', name: 'Edit', input: { file_path: '/p/crlf.txt', old_string: 'first\r\nsecond\r\n', new_string: 'first\nsecond\n' } }] } },
  { type: 'message', uuid: 'r0', timestamp: at(2), message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't0', content: 'done' }] } },
];

let rig: PageRig;
beforeAll(async () => {
  rig = await startPage({ prepare: (store) => writeSession(store, 'endings', entries) });
  await rig.page.goto(rig.server.loginUrl);
}, 60_000);
afterAll(() => rig?.close());

describe('a change of line endings', () => {
  it('the removed and the added lines read differently', async () => {
    const { page, server } = rig;
    await page.goto(`${server.url}sessions/endings`);
    const diff = page.getByRole('article', { name: 'Edit call' }).locator('figure.diff');
    await diff.waitFor();
    const read = (selector: string) => diff.locator(selector).evaluateAll((spans) => spans.map((span) => (span as HTMLElement).innerText.slice(1).trim()));
    const removed = await read('.diff-remove');
    const added = await read('.diff-add');
    expect(removed).toHaveLength(2);
    expect(added).toHaveLength(2);
    for (let index = 0; index < removed.length; index++) expect(removed[index]).not.toBe(added[index]);
  });
});
