import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import type { SessionMetadata, SessionStore, TranscriptEntry } from '../../src/transcripts/types.ts';
import { listSessionRows } from '../../src/ui/server/sessions/list-session-rows.ts';
import { readSessionView } from '../../src/ui/server/sessions/read-session-view.ts';

// What a sessions folder holds besides sessions, and transcripts damaged or being written: the list and the
// session view show what they can and say what they skipped; nothing hangs on a FIFO or reads /dev/zero.

let directory: string;
let store: SessionStore;
beforeEach(() => {
  directory = mkdtempSync(path.join(os.tmpdir(), 'codev-ui-folder-'));
  store = createFileSessionStore({ directory });
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

const metadata = (id: string, createdAt = '2026-01-01T00:00:00.000Z'): SessionMetadata => ({ id, cwd: '/p', model: 'claude-test', codevVersion: '0.0.0', createdAt });
const message = (uuid: string, text: string, second = 1): TranscriptEntry => ({ type: 'message', uuid, timestamp: `2026-01-01T00:00:0${second}.000Z`, message: { role: 'user', content: text } });
const query = { offset: 0, limit: 100 };

async function writeSession(id: string, entries: TranscriptEntry[]): Promise<void> {
  const writer = await store.open({ id, metadata: metadata(id) });
  await writer.append(entries);
  await writer.close();
}

describe('a sessions folder holding other things', () => {
  it('counts a FIFO, a link to /dev/zero and a directory named like a session as skipped, and lists the rest', async () => {
    await writeSession('good', [message('u1', 'hello')]);
    execFileSync('mkfifo', [path.join(directory, 'fifo.jsonl')]);
    symlinkSync('/dev/zero', path.join(directory, 'zero.jsonl'));
    mkdirSync(path.join(directory, 'folder.jsonl'));
    writeFileSync(path.join(directory, 'foreign.jsonl'), 'not a transcript\n');
    const list = await listSessionRows({ store, sessionsDirectory: directory, query });
    expect(list.rows.map((row) => row.id)).toEqual(['good']);
    expect(list.skipped).toBe(4);
    await expect(readSessionView({ store, sessionsDirectory: directory, id: 'fifo' })).rejects.toMatchObject({ code: 'SESSION_UNSUPPORTED' });
    await expect(readSessionView({ store, sessionsDirectory: directory, id: 'zero' })).rejects.toMatchObject({ code: 'SESSION_UNSUPPORTED' });
    await expect(readSessionView({ store, sessionsDirectory: directory, id: 'folder' })).rejects.toMatchObject({ code: 'SESSION_UNSUPPORTED' });
  });

  it('shows a session whose middle line is damaged, naming the line', async () => {
    await writeSession('damaged', [message('u1', 'first'), message('u2', 'second', 2)]);
    const file = path.join(directory, 'damaged.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.splice(2, 0, '{"type":"message","uuid":"u-broken","timest');
    writeFileSync(file, lines.join('\n'));
    const view = await readSessionView({ store, sessionsDirectory: directory, id: 'damaged' });
    expect(view.items.map((item) => item.id)).toEqual(['u1:0', 'u2:0']);
    expect(view.problems).toEqual([expect.objectContaining({ line: 3, kind: 'invalid' })]);
  });

  it('shows a session whose last line is torn without it, and lists it', async () => {
    await writeSession('torn', [message('u1', 'first')]);
    appendFileSync(path.join(directory, 'torn.jsonl'), '{"type":"message","uuid":"u2","timest');
    const view = await readSessionView({ store, sessionsDirectory: directory, id: 'torn' });
    expect(view.items.map((item) => item.id)).toEqual(['u1:0']);
    const list = await listSessionRows({ store, sessionsDirectory: directory, query });
    expect(list.rows.map((row) => row.id)).toEqual(['torn']);
  });

  it('lists a session an agent holds as running, and one that ended waiting for approval as waiting', async () => {
    await writeSession('idle', [message('u1', 'idle one')]);
    await writeSession('waiting', [message('u1', 'waiting one'), { type: 'message', uuid: 'a1', timestamp: '2026-01-01T00:00:02.000Z', message: { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_w', name: 'Bash', input: {} }] } }, { type: 'pending', uuid: 'p1', timestamp: '2026-01-01T00:00:03.000Z', toolUses: [{ id: 'toolu_w', name: 'Bash', input: {}, message: 'asks' }], results: [] }]);
    const held = await store.open({ id: 'held', metadata: metadata('held') });
    try {
      await held.append([message('u1', 'running one')]);
      await held.flush?.();
      const list = await listSessionRows({ store, sessionsDirectory: directory, query });
      const statusOf = Object.fromEntries(list.rows.map((row) => [row.id, row.status]));
      expect(statusOf.held).toBe('running');
      expect(statusOf.idle).toBe('idle');
      expect((await readSessionView({ store, sessionsDirectory: directory, id: 'held' })).row.status).toBe('running');
      expect((await readSessionView({ store, sessionsDirectory: directory, id: 'waiting' })).row.status).toBe('waiting');
      expect((await listSessionRows({ store, sessionsDirectory: directory, query: { ...query, status: 'running' } })).rows.map((row) => row.id)).toEqual(['held']);
    } finally {
      await held.close();
    }
    const after = await listSessionRows({ store, sessionsDirectory: directory, query });
    expect(after.rows.find((row) => row.id === 'held')!.status).toBe('idle');
  });
});
