import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rejectionCode } from '../testing/rejection-code.ts';
import { createFileSessionStore } from './create-file-session-store.ts';
import { parseTranscript } from './parse-transcript.ts';
import { readTranscriptEntries } from './read-transcript-entries.ts';
import { summarizeTranscript } from './summarize-transcript.ts';
import type { CompactEntry, MessageEntry, RecordEntry, SessionMetadata, SessionRecord, SessionStore, TranscriptEntry } from './types.ts';

let directory: string;
let store: SessionStore;
beforeEach(() => {
  directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-entries-')), 'sessions');
  store = createFileSessionStore({ directory });
});
afterEach(() => rmSync(path.dirname(directory), { recursive: true, force: true }));

const metadata = (id: string): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z' });
let clock = 0;
const message = (role: 'user' | 'assistant', text: string, extra: Partial<MessageEntry> = {}): MessageEntry => ({ type: 'message', uuid: `m-${++clock}`, timestamp: new Date(Date.UTC(2026, 11, 4, 10, 0, clock)).toISOString(), message: { role, content: [{ type: 'text', text }] }, ...extra });
const record = (value: SessionRecord): RecordEntry => ({ type: 'record', timestamp: '2026-12-04T10:00:00.000Z', record: value });
const request = (costUsd: number | null): RecordEntry => record({ kind: 'request', turn: 1, model: 'claude-test', usage: { inputTokens: 1, outputTokens: 1, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 }, costUsd, durationMs: 5 });
const fileOf = (id: string) => path.join(directory, `${id}.jsonl`);

async function written(id: string, entries: TranscriptEntry[]): Promise<void> {
  const writer = await store.open({ id, metadata: metadata(id) });
  await writer.append(entries);
  await writer.close();
}

describe('readEntries of the file store', () => {
  it('returns every entry as written, history before a compaction and records included, and goes on from next', async () => {
    const before = [message('user', 'old question'), message('assistant', 'old answer'), request(0.01)];
    const compact: CompactEntry = { type: 'compact', uuid: 'c-1', timestamp: '2026-12-04T11:00:00.000Z', trigger: 'manual', tokensBefore: 100, tokensAfter: 10, messages: [{ role: 'user', content: 'summary' }] };
    await written('s', [...before, compact]);
    const first = await store.readEntries!('s');
    expect(first).toEqual({ metadata: metadata('s'), entries: [...before, compact], next: statSync(fileOf('s')).size, problems: [] });
    expect(await store.readEntries!('s', { from: first.next })).toEqual({ metadata: metadata('s'), entries: [], next: first.next, problems: [] });
    const later = [message('user', 'new question')];
    const writer = await store.open({ id: 's' });
    await writer.append(later);
    await writer.close();
    const second = await store.readEntries!('s', { from: first.next });
    expect(second.entries).toEqual(later);
    expect(second.reset).toBeUndefined();
  });

  it('leaves a last line without its newline for the next read, and reads it once it is whole', async () => {
    await written('s', [message('user', 'hello')]);
    const whole = JSON.stringify(message('assistant', 'being written'));
    appendFileSync(fileOf('s'), whole.slice(0, 20));
    const first = await store.readEntries!('s');
    expect(first.entries).toHaveLength(1);
    expect(first.problems).toEqual([]);
    appendFileSync(fileOf('s'), `${whole.slice(20)}\n`);
    const second = await store.readEntries!('s', { from: first.next });
    expect(second.entries).toEqual([JSON.parse(whole)]);
  });

  it('starts again from the first entry, and says so, when from is past the end or inside a line', async () => {
    await written('s', [message('user', 'hello'), message('assistant', 'hi')]);
    const all = await store.readEntries!('s');
    for (const from of [all.next + 10, all.next - 3, -1, 1.5]) {
      const read = await store.readEntries!('s', { from });
      expect(read).toMatchObject({ reset: true, next: all.next });
      expect(read.entries).toEqual(all.entries);
    }
  });

  it('reports a damaged line with its number in the file, also when reading from a later position, and skips a record of an unknown kind silently', async () => {
    await written('s', [message('user', 'one')]);
    const { next } = await store.readEntries!('s');
    appendFileSync(fileOf('s'), `{"type":"message","uuid":\n${JSON.stringify({ type: 'record', timestamp: 't', record: { kind: 'from-the-future', x: 1 } })}\n{"type":"nonsense"}\n${JSON.stringify(message('assistant', 'two'))}\n{"type":"record","timestamp":"t","record":{"kind":"request","turn":"one"}}\n`);
    const read = await store.readEntries!('s', { from: next });
    expect(read.entries.map((entry) => (entry as MessageEntry).message.role)).toEqual(['assistant']);
    expect(read.problems.map((problem) => [problem.line, problem.kind])).toEqual([[3, 'invalid'], [5, 'invalid'], [7, 'invalid']]);
    // Loading the conversation skips the future record silently too.
    expect((await store.read('s')).problems.map((problem) => problem.line)).toEqual([3, 5]);
  });

  it('reads at most a bound at once, ending at a whole line, and refuses a line longer than the bound', async () => {
    const entries = Array.from({ length: 20 }, (_, index) => message(index % 2 ? 'assistant' : 'user', `entry ${index}`));
    await written('s', entries);
    const reads = [await readTranscriptEntries({ file: fileOf('s'), maxBytes: 400 })];
    while (reads.at(-1)!.entries.length > 0) reads.push(await readTranscriptEntries({ file: fileOf('s'), from: reads.at(-1)!.next, maxBytes: 400 }));
    expect(reads.length).toBeGreaterThan(5);
    expect(reads.flatMap((read) => read.entries)).toEqual(entries);
    appendFileSync(fileOf('s'), `${JSON.stringify(message('user', 'y'.repeat(1000)))}\n`);
    expect(await rejectionCode(readTranscriptEntries({ file: fileOf('s'), from: reads.at(-1)!.next, maxBytes: 400 }))).toBe('SESSION_UNSUPPORTED');
  });

  it('refuses a session that does not exist, and a file whose first line is no session', async () => {
    expect(await rejectionCode(store.readEntries!('missing'))).toBe('SESSION_NOT_FOUND');
    expect(await rejectionCode(store.readEntries!('../escape'))).toBe('SESSION_NOT_FOUND');
    await written('s', []);
    writeFileSync(fileOf('s'), '{"type":"message"}\n');
    expect(await rejectionCode(store.readEntries!('s'))).toBe('SESSION_UNSUPPORTED');
  });
});

describe('summaries from records', () => {
  const text = (entries: TranscriptEntry[]) => [{ type: 'session', format: 1, metadata: metadata('s') }, ...entries].map((entry) => `${JSON.stringify(entry)}\n`).join('');
  const summaryOf = (entries: TranscriptEntry[]) => summarizeTranscript(parseTranscript(text(entries), { file: 'f' }), '2026-12-04T12:00:00.000Z');
  const usage = { inputTokens: 10, outputTokens: 2, cacheCreationInputTokens: 3, cacheReadInputTokens: 7 };

  it('sums the cost of the requests over the whole file, compactions included; null when one had no price; absent without records', () => {
    const compact: CompactEntry = { type: 'compact', uuid: 'c-1', timestamp: 't', trigger: 'auto', tokensBefore: 1, tokensAfter: 1, messages: [{ role: 'user', content: 'summary' }] };
    expect(summaryOf([message('user', 'a'), request(0.25), compact, request(0.5)]).costUsd).toBe(0.75);
    expect(summaryOf([request(0.25), request(null), request(0.5)]).costUsd).toBeNull();
    expect('costUsd' in summaryOf([message('user', 'a')])).toBe(false);
  });

  it('counts cache tokens and says when the session ended with calls waiting', () => {
    const summary = summaryOf([message('user', 'a'), message('assistant', 'b', { usage }), message('user', 'c'), message('assistant', 'd', { usage }), { type: 'pending', uuid: 'p', timestamp: 't', toolUses: [{ id: 'x', name: 'Bash', input: {}, message: 'ask' }], results: [] }]);
    expect(summary).toMatchObject({ cacheReadInputTokens: 14, cacheCreationInputTokens: 6, pending: true, inputTokens: 40 });
    expect(summaryOf([message('user', 'a')]).pending).toBeUndefined();
  });

  it('rebuilds a summary cache of the format before (it lacks the new fields)', async () => {
    await written('s', [message('user', 'hello'), request(0.5)]);
    await store.list();
    const cacheFile = path.join(directory, '.summaries.json');
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as { format: number; sessions: Record<string, { summary: { costUsd?: number } }> };
    expect(cache.format).toBe(3);
    cache.format = 2;
    cache.sessions['s.jsonl']!.summary.costUsd = 99;
    writeFileSync(cacheFile, JSON.stringify(cache));
    expect((await store.list())[0]!.costUsd).toBe(0.5);
  });
});
