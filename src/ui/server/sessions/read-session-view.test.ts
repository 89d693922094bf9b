import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../../transcripts/create-file-session-store.ts';
import { UI_RESULT_PREVIEW_CHARS, type UiSessionView, type UiTimelineItem } from '../../types.ts';
import { readSessionView } from './read-session-view.ts';
import { readToolResultText } from './read-tool-result-text.ts';
import { BIG_RESULT, recordRealSession, TODOS, type RealSession } from './test-fixtures/record-real-session.ts';

let session: RealSession;
let view: UiSessionView;
beforeAll(async () => {
  session = await recordRealSession();
  view = await readSessionView({ store: createFileSessionStore({ directory: session.directory }), sessionsDirectory: session.directory, id: session.sessionId });
}, 60_000);
afterAll(async () => {
  await session?.cleanup();
});

const callOf = (name: string) => view.items.find((item): item is Extract<UiTimelineItem, { kind: 'tool-call' }> => item.kind === 'tool-call' && item.toolName === name);

describe('the session view of a real agent run', () => {
  it('shows prompts, thinking, calls, text and the compaction in order, the history before it kept', () => {
    const kinds = view.items.map((item) => (item.kind === 'tool-call' ? `call:${item.toolName}` : item.kind));
    expect(kinds).toEqual(['prompt', 'thinking', 'call:Write', 'call:Edit', 'call:TodoWrite', 'call:Big', 'text', 'compaction', 'prompt', 'text']);
    expect(view.items[0]).toMatchObject({ kind: 'prompt', text: 'first prompt\nwith a second line', attachments: 0 });
    expect(view.items[1]).toMatchObject({ kind: 'thinking', text: 'Notes first, then the edit.', redacted: false });
    expect(view.items.find((item) => item.kind === 'compaction')).toMatchObject({ trigger: 'manual' });
    expect(view.row).toMatchObject({ id: session.sessionId, title: 'first prompt with a second line', status: 'idle', lastPrompt: 'second prompt' });
    expect(view.problems).toEqual([]);
  });

  it('pairs each call with its result, and diffs Write and Edit from their input', () => {
    expect(callOf('Write')).toMatchObject({ id: 'toolu_write', result: { isError: false }, diff: { path: session.notes, lines: ['@@ -0,0 +1,3 @@', '+one', '+two', '+three'] } });
    expect(callOf('Edit')!.diff!.lines).toEqual(['@@ -1,1 +1,2 @@', '-two', '+TWO', '+two and a half']);
    expect(readFileSync(session.notes, 'utf8')).toBe('one\nTWO\ntwo and a half\nthree\n');
  });

  it('carries TodoWrite\'s list on the call and as the session\'s', () => {
    expect(callOf('TodoWrite')!.todos).toEqual(TODOS);
    expect(view.todos).toEqual(TODOS);
  });

  it('cuts a large result to its preview, knows the saved file, and reads it whole from the session\'s folder', async () => {
    const big = callOf('Big')!;
    expect(big.result!.persistedPath).toContain(session.sessionId);
    expect(big.result!.preview.length).toBeLessThanOrEqual(UI_RESULT_PREVIEW_CHARS);
    const whole = await readToolResultText({ store: createFileSessionStore({ directory: session.directory }), sessionsDirectory: session.directory, id: session.sessionId, toolUseId: 'toolu_big' });
    expect(whole).toEqual({ toolUseId: 'toolu_big', text: BIG_RESULT, truncated: false });
  });

  it('gives items the same ids on every read', async () => {
    const again = await readSessionView({ store: createFileSessionStore({ directory: session.directory }), sessionsDirectory: session.directory, id: session.sessionId });
    expect(again.items.map((item) => item.id)).toEqual(view.items.map((item) => item.id));
    expect(new Set(view.items.map((item) => item.id)).size).toBe(view.items.length);
  });

  it('answers SESSION_NOT_FOUND for a session that is not there', async () => {
    await expect(readSessionView({ store: createFileSessionStore({ directory: session.directory }), sessionsDirectory: session.directory, id: 'nope' })).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
  });
});
