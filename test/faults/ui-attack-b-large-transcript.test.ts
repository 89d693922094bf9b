import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { MAX_ENTRIES_READ_BYTES } from '../../src/transcripts/read-transcript-entries.ts';
import { buildTimeline, readSessionView } from '../../src/ui/server/sessions/read-session-view.ts';

// A transcript longer than one bounded read (`MAX_ENTRIES_READ_BYTES`): the session page must show all of
// it (or say what it left out), never the first piece alone as if it were the whole session.

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A transcript of 1.5 reads, of `count` prompts. */
function writeLongTranscript(): { directory: string; count: number } {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-attack-b-'));
  folders.push(directory);
  const metadata = { id: 'big', cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt: '2026-01-01T00:00:00.000Z' };
  const padding = 'x'.repeat(64 * 1024);
  const count = Math.ceil((MAX_ENTRIES_READ_BYTES * 1.5) / padding.length);
  const lines = [JSON.stringify({ type: 'session', format: 1, metadata })];
  for (let index = 0; index < count; index++) {
    lines.push(JSON.stringify({ type: 'message', uuid: `u${index}`, timestamp: '2026-01-01T00:00:01.000Z', message: { role: 'user', content: `prompt ${index} ${padding}` } }));
  }
  writeFileSync(path.join(directory, 'big.jsonl'), `${lines.join('\n')}\n`);
  return { directory, count };
}

describe('a transcript longer than one read', () => {
  it('is shown whole: its last prompt is in the view', async () => {
    const { directory, count } = writeLongTranscript();
    const view = await readSessionView({ store: createFileSessionStore({ directory }), sessionsDirectory: directory, id: 'big' });
    const prompts = view.items.filter((item) => item.kind === 'prompt');
    expect(prompts).toHaveLength(count);
    expect(view.problems).toEqual([]);
  });

  it('past the reads a view takes, is shown to there and says the rest is not shown', async () => {
    const { directory, count } = writeLongTranscript();
    const built = await buildTimeline({ store: createFileSessionStore({ directory }), sessionsDirectory: directory, id: 'big', maxReads: 1 });
    expect(built.complete).toBe(false);
    expect(built.problems).toHaveLength(1);
    expect(built.state.items.filter((item) => item.kind === 'prompt').length).toBeLessThan(count);
  });
});
