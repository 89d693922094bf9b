/** A fork of a compacted session keeps the compaction's summary as a compaction, not as a prompt of the copy. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from './create-file-session-store.ts';
import type { SessionMetadata, TranscriptEntry } from './types.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const metadata = (id: string): SessionMetadata => ({ id, cwd: '/p', model: 'claude-test', codevVersion: '0.1.0', createdAt: '2026-12-06T10:00:00.000Z' });
const at = '2026-12-06T10:00:01.000Z';

describe('forkByCopy of a compacted session', () => {
  it('writes the summary as one compact entry (same message ids), so the copy is listed by its own prompts', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-fork-'));
    folders.push(directory);
    const store = createFileSessionStore({ directory });
    const writer = await store.open({ id: 'source', metadata: metadata('source') });
    const entries: TranscriptEntry[] = [
      { type: 'message', uuid: 'u1', timestamp: at, message: { role: 'user', content: [{ type: 'text', text: 'fix the build' }] } },
      { type: 'message', uuid: 'a1', timestamp: at, message: { role: 'assistant', content: [{ type: 'text', text: 'done' }] } },
      { type: 'compact', uuid: 'c1', timestamp: at, trigger: 'manual', tokensBefore: 900, tokensAfter: 90, messages: [{ role: 'user', content: [{ type: 'text', text: 'This session continues: summary' }] }, { role: 'assistant', content: [{ type: 'text', text: 'ok' }] }] },
      { type: 'message', uuid: 'u2', timestamp: at, message: { role: 'user', content: [{ type: 'text', text: 'now the docs' }] } },
    ];
    await writer.append(entries);
    await writer.close();

    await store.fork({ from: 'source', to: metadata('copy') });
    const lines = readFileSync(path.join(directory, 'copy.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { type: string; uuid?: string; tokensBefore?: number });
    expect(lines.map((line) => line.type)).toEqual(['session', 'compact', 'message']);
    expect(lines[1]).toMatchObject({ uuid: 'c1', tokensBefore: 900 });
    const source = await store.read('source');
    const copy = await store.read('copy');
    expect(copy.messages.map((entry) => entry.uuid)).toEqual(source.messages.map((entry) => entry.uuid));
    const summary = (await store.list()).find((session) => session.id === 'copy');
    expect(summary?.firstPrompt).toBe('now the docs');
  });
});
