/**
 * Attack C: an Edit or Write that only adds or removes the file's final newline changed the file, but its diff on
 * the session page showed every line as unchanged. The diff must show the change (a removed and an added line,
 * the side without it marked as `diff -u` does: "\ No newline at end").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPage, writeSession, type PageRig } from './attack-c-fixtures/start-page.ts';
import type { TranscriptEntry } from '../../src/transcripts/types.ts';

const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 1) + index * 1000).toISOString();
const edits: Array<[string, Record<string, unknown>]> = [
  ['Edit', { file_path: '/p/a.txt', old_string: 'one\ntwo\n', new_string: 'one\ntwo' }],
  ['Edit', { file_path: '/p/b.txt', old_string: 'one\ntwo', new_string: 'one\ntwo\n' }],
];
const entries: TranscriptEntry[] = [
  { type: 'message', uuid: 'u0', timestamp: at(0), message: { role: 'user', content: 'newlines' } },
  { type: 'message', uuid: 'a0', timestamp: at(1), message: { role: 'assistant', content: edits.map(([name, input], index) => ({ type: 'tool_use' as const, id: `t${index}`, name, input })) } },
  { type: 'message', uuid: 'r0', timestamp: at(2), message: { role: 'user', content: edits.map((_, index) => ({ type: 'tool_result' as const, tool_use_id: `t${index}`, content: 'done' })) } },
];

let rig: PageRig;
beforeAll(async () => {
  rig = await startPage({ prepare: (store) => writeSession(store, 'newlines', entries) });
  await rig.page.goto(rig.server.loginUrl);
}, 60_000);
afterAll(() => rig?.close());

describe('a change of the final newline', () => {
  it.each(edits.map((edit, index) => [String(edit[1].file_path), index] as const))('%s: the diff shows a removed and an added line, one marked as without newline', async (_path, index) => {
    const { page, server } = rig;
    await page.goto(`${server.url}sessions/newlines`);
    const diff = page.getByRole('article', { name: 'Edit call' }).nth(index).locator('figure.diff');
    await diff.waitFor();
    expect(await diff.locator('.diff-remove').count()).toBeGreaterThan(0);
    expect(await diff.locator('.diff-add').count()).toBeGreaterThan(0);
    expect(await diff.locator('pre > span').evaluateAll((spans) => spans.filter((span) => span.textContent!.startsWith('\\')).length)).toBe(1);
  });
});
