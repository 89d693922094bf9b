import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { readSessionView } from '../../src/ui/server/sessions/read-session-view.ts';

// A transcript line nested far deeper than any entry codev writes (a call's input `[[[[…]]]]`): JSON.parse
// reads it, but everything after it that walks the value (the view's JSON, the stream's events) overflows the
// stack, and the whole session could not be shown. The line is a damaged line: skipped, and said.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('a line nested too deep', () => {
  it('is skipped and reported; the rest of the session is shown', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-attack-b-'));
    folders.push(directory);
    const metadata = { id: 'n', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' };
    const depth = 200_000;
    const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const lines = [
      JSON.stringify({ type: 'session', format: 1, metadata }),
      JSON.stringify({ type: 'message', uuid: 'u1', timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: 'hello' } }),
      `{"type":"message","uuid":"a1","timestamp":"2026-01-01T00:00:02.000Z","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Echo","input":{"x":${nested}}}]}}`,
      JSON.stringify({ type: 'message', uuid: 'u2', timestamp: '2026-01-01T00:00:03.000Z', message: { role: 'user', content: 'after' } }),
    ];
    writeFileSync(path.join(directory, 'n.jsonl'), `${lines.join('\n')}\n`);
    const view = await readSessionView({ store: createFileSessionStore({ directory }), sessionsDirectory: directory, id: 'n' });
    const answered = JSON.parse(JSON.stringify(view)) as typeof view;
    expect(answered.items.filter((item) => item.kind === 'prompt')).toHaveLength(2);
    expect(answered.problems.map((problem) => problem.line)).toEqual([3]);
  });
});
