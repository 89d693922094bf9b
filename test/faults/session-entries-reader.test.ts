/**
 * `SessionStore.readEntries` of the file store under faults: a reader following a session while another
 * process appends to it (its positions never skip or repeat an entry), a writer killed with SIGKILL in the
 * middle of its appends, a torn last line, and what is not a transcript under a transcript's name (a FIFO, a
 * link to /dev/zero), which is refused at once, never read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import type { MessageEntry, SessionStore, TranscriptEntries } from '../../src/transcripts/types.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/session-appender-worker.ts');
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";
/** Only to stop a hang (a FIFO opened for reading waits for a writer forever): a killed run fails the test. */
const HANG_BOUND_MS = 30_000;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function sessions(): { directory: string; store: SessionStore } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-entries-faults-'));
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  const directory = path.join(root, 'sessions');
  mkdirSync(directory);
  return { directory, store: createFileSessionStore({ directory }) };
}

/** Starts the appender worker; resolves once it wrote its first batch. */
async function appender(directory: string, id: string, count: number): Promise<{ child: ChildProcess; done: Promise<string> }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, 'append', directory, id, String(count)], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let output = '';
  const done = new Promise<string>((resolve) => child.once('close', () => resolve(output)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('writing')) resolve();
    });
    child.once('close', () => reject(new Error(`the worker ended before writing: ${output}`)));
  });
  return { child, done };
}

const uuids = (reads: readonly TranscriptEntries[]) => reads.flatMap((read) => read.entries.map((entry) => (entry as MessageEntry).uuid));
const expected = (count: number) => Array.from({ length: count }, (_, index) => `u${index}`);

describe('readEntries while the session is written', () => {
  it('follows a writer in another process: every entry once, in order, never a reset or a problem', async () => {
    const { directory, store } = sessions();
    const count = 400;
    const { child, done } = await appender(directory, 's', count);
    const reads: TranscriptEntries[] = [];
    let from = 0;
    let finished = false;
    void done.then(() => (finished = true));
    // Until the writer ended and a read after that found nothing more.
    for (;;) {
      const ended = finished;
      const read = await store.readEntries!('s', { from });
      reads.push(read);
      expect(read.next).toBeGreaterThanOrEqual(from);
      from = read.next;
      if (ended && read.entries.length === 0) break;
    }
    expect(await done).toContain('done');
    expect(child.exitCode).toBe(0);
    expect(uuids(reads)).toEqual(expected(count));
    expect(reads.filter((read) => read.reset || read.problems.length > 0)).toEqual([]);
    // More than one read saw entries: the reader did follow the writer.
    expect(reads.filter((read) => read.entries.length > 0).length).toBeGreaterThan(1);
    expect(from).toBe(statSync(path.join(directory, 's.jsonl')).size);
  }, HANG_BOUND_MS);

  it('after a writer is killed with SIGKILL mid-append, the reader goes on from its position with what reached the file, a torn line left out', async () => {
    const { directory, store } = sessions();
    const { child, done } = await appender(directory, 'killed', 0);
    const reads: TranscriptEntries[] = [await store.readEntries!('killed')];
    reads.push(await store.readEntries!('killed', { from: reads[0]!.next }));
    child.kill('SIGKILL');
    await done;
    reads.push(await store.readEntries!('killed', { from: reads.at(-1)!.next }));
    const seen = uuids(reads);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(expected(seen.length));
    expect(reads.flatMap((read) => read.problems)).toEqual([]);
    const whole = await store.readEntries!('killed');
    expect(uuids([whole])).toEqual(seen);
    // What the file holds past the last whole line (a line the kill tore, if any) is not an entry yet.
    const file = path.join(directory, 'killed.jsonl');
    expect(readFileSync(file).subarray(whole.next).includes(0x0a)).toBe(false);
    // A writer that resumes the session closes the torn line first: the reader reports it, numbered, and goes on.
    appendFileSync(file, '{"type":"message","uuid":"torn');
    const writer = await store.open({ id: 'killed' });
    await writer.append([{ type: 'message', uuid: 'after', timestamp: new Date().toISOString(), message: { role: 'user', content: 'again' } }]);
    await writer.close();
    const after = await store.readEntries!('killed', { from: whole.next });
    expect(uuids([after]).at(-1)).toBe('after');
    expect(after.problems).toEqual([expect.objectContaining({ kind: 'invalid', line: seen.length + 2 })]);
  }, HANG_BOUND_MS);
});

describe('readEntries of what is not a transcript', () => {
  it('refuses a FIFO named <id>.jsonl at once, without waiting for a writer', async () => {
    const { directory, store } = sessions();
    const fifo = spawn('mkfifo', [path.join(directory, 'fifo.jsonl')]);
    expect(await new Promise((resolve) => fifo.once('close', resolve))).toBe(0);
    expect(await rejectionCode(store.readEntries!('fifo'))).toBe('SESSION_UNSUPPORTED');
    expect(await rejectionCode(store.readEntries!('fifo', { from: 100 }))).toBe('SESSION_UNSUPPORTED');
  }, HANG_BOUND_MS);

  it('refuses a link to /dev/zero, and a link to a real transcript, never following either', async () => {
    const { directory, store } = sessions();
    symlinkSync('/dev/zero', path.join(directory, 'zero.jsonl'));
    expect(await rejectionCode(store.readEntries!('zero'))).toBe('SESSION_UNSUPPORTED');
    const writer = await store.open({ id: 'real', metadata: { id: 'real', cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z' } });
    await writer.close();
    symlinkSync(path.join(directory, 'real.jsonl'), path.join(directory, 'alias.jsonl'));
    expect(await rejectionCode(store.readEntries!('alias'))).toBe('SESSION_UNSUPPORTED');
    expect((await store.readEntries!('real')).entries).toEqual([]);
  }, HANG_BOUND_MS);
});
