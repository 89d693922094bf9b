import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from './create-file-session-store.ts';
import { parseTranscript } from './parse-transcript.ts';
import type { CheckpointEntry, CompactEntry, MessageEntry, RewindEntry, SessionMetadata, SessionStore } from './types.ts';

let directory: string;
let store: SessionStore;
beforeEach(() => {
  directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-checkpoint-entries-')), '.codev', 'sessions');
  store = createFileSessionStore({ directory });
});
afterEach(() => rmSync(path.dirname(path.dirname(directory)), { recursive: true, force: true }));

const metadata = (id: string): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-06T10:00:00.000Z' });
const message = (uuid: string, role: 'user' | 'assistant'): MessageEntry => ({ type: 'message', uuid, timestamp: '2026-12-06T10:00:00.000Z', message: { role, content: uuid } });
const roots = (tree: string) => [{ root: '/project', tree, large: [{ path: 'big.bin', size: 9_000_000, oid: 'b'.repeat(40), mode: '100644' }] }];
const checkpoint = (turn: number, messageUuid: string, replyUuid: string): CheckpointEntry => ({ type: 'checkpoint', turn, messageUuid, replyUuid, timestamp: `2026-12-06T10:00:0${turn}.000Z`, roots: roots(String(turn).repeat(40)) });
const rewind: RewindEntry = { type: 'rewind', timestamp: '2026-12-06T10:01:00.000Z', turn: 1, before: roots('9'.repeat(40)), kept: ['a.txt'] };

describe('checkpoint and rewind entries', () => {
  it('are read back in order, and a compaction keeps them', async () => {
    const writer = await store.open({ id: 's', metadata: metadata('s') });
    const compact: CompactEntry = { type: 'compact', uuid: 'c', timestamp: '2026-12-06T10:00:05.000Z', trigger: 'manual', tokensBefore: 10, tokensAfter: 2, messages: [{ role: 'user', content: 'summary' }] };
    await writer.append([message('u1', 'user'), message('a1', 'assistant'), checkpoint(1, 'u1', 'a1'), compact, message('a2', 'assistant'), checkpoint(2, 'c.0', 'a2'), rewind]);
    await writer.close();
    const loaded = await store.read('s');
    expect(loaded.checkpoints?.map((entry) => entry.turn)).toEqual([1, 2]);
    expect(loaded.checkpoints?.[0]).toEqual(checkpoint(1, 'u1', 'a1'));
    expect(loaded.rewinds).toEqual([rewind]);
    expect(loaded.problems).toEqual([]);
  });

  it('a damaged one is a problem of its line, never a crash', () => {
    const lines = [
      JSON.stringify({ type: 'session', format: 1, metadata: metadata('s') }),
      JSON.stringify({ ...checkpoint(1, 'u1', 'a1'), turn: 'one' }),
      JSON.stringify({ ...checkpoint(2, 'u1', 'a1'), roots: [{ root: '/project' }] }),
      JSON.stringify({ ...rewind, kept: [3] }),
      JSON.stringify(checkpoint(3, 'u1', 'a1')),
    ];
    const loaded = parseTranscript(`${lines.join('\n')}\n`, { file: 's.jsonl' });
    expect(loaded.problems.map(({ line, kind }) => ({ line, kind }))).toEqual([{ line: 2, kind: 'invalid' }, { line: 3, kind: 'invalid' }, { line: 4, kind: 'invalid' }]);
    expect(loaded.checkpoints?.map((entry) => entry.turn)).toEqual([3]);
    expect(loaded.rewinds).toBeUndefined();
  });

  it('a fork copies the checkpoints of the turns it keeps, and only those', async () => {
    const writer = await store.open({ id: 'from', metadata: metadata('from') });
    await writer.append([message('u1', 'user'), message('a1', 'assistant'), checkpoint(1, 'u1', 'a1'), message('r1', 'user'), message('a2', 'assistant'), checkpoint(2, 'r1', 'a2'), message('u2', 'user'), message('a3', 'assistant'), checkpoint(3, 'u2', 'a3')]);
    await writer.close();
    const forked = await store.fork({ from: 'from', to: metadata('to'), at: 'r1' });
    expect(forked.checkpoints?.map((entry) => entry.turn)).toEqual([1]);
    const loaded = await store.read('to');
    expect(loaded.checkpoints).toEqual([checkpoint(1, 'u1', 'a1')]);
    expect(loaded.messages.map((entry) => entry.uuid)).toEqual(['u1', 'a1', 'r1']);
    const whole = await store.fork({ from: 'from', to: metadata('whole') });
    expect((await store.read(whole.metadata.id)).checkpoints?.map((entry) => entry.turn)).toEqual([1, 2, 3]);
  });
});
