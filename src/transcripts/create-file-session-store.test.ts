import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { rejectionCode } from '../testing/rejection-code.ts';
import { createFileSessionStore } from './create-file-session-store.ts';
import type { MessageEntry, SessionMetadata, SessionStore } from './types.ts';

let directory: string;
let store: SessionStore;
beforeEach(() => {
  directory = path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-transcripts-')), '.codev', 'sessions');
  store = createFileSessionStore({ directory });
});
afterEach(() => rmSync(path.dirname(path.dirname(directory)), { recursive: true, force: true }));

const metadata = (id: string, extra: Partial<SessionMetadata> = {}): SessionMetadata => ({ id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z', ...extra });
let clock = 0;
const message = (role: 'user' | 'assistant', text: string, extra: Partial<MessageEntry> = {}): MessageEntry => ({
  type: 'message',
  uuid: `m-${++clock}`,
  timestamp: new Date(Date.UTC(2026, 11, 4, 10, 0, clock)).toISOString(),
  message: { role, content: [{ type: 'text', text }] },
  ...extra,
});


describe('the file session store', () => {
  it('appends whole lines to a private file and reads them back', async () => {
    const writer = await store.open({ id: 's1', metadata: metadata('s1') });
    const entries = [message('user', 'hello'), message('assistant', 'hi', { usage: { inputTokens: 10, outputTokens: 2, cacheCreationInputTokens: 0, cacheReadInputTokens: 5 } })];
    await writer.append(entries);
    await writer.close();
    const loaded = await store.read('s1');
    expect(loaded.metadata).toEqual(metadata('s1'));
    expect(loaded.messages).toEqual(entries);
    expect(loaded.problems).toEqual([]);
    expect(statSync(path.join(directory, 's1.jsonl')).mode & 0o777).toBe(0o600);
    expect(statSync(directory).mode & 0o777).toBe(0o700);
    expect(readFileSync(path.join(directory, 's1.jsonl'), 'utf8').split('\n')).toHaveLength(4);
  });

  it('skips a torn last line and a line edited into invalid JSON, says which, and the next writer starts a fresh line', async () => {
    const writer = await store.open({ id: 's2', metadata: metadata('s2') });
    await writer.append([message('user', 'one'), message('assistant', 'two'), message('user', 'three')]);
    await writer.close();
    const file = path.join(directory, 's2.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    lines[2] = '{"type":"message", oops';
    writeFileSync(file, lines.join('\n'));
    appendFileSync(file, '{"type":"message","uuid":"torn","mess');
    const loaded = await store.read('s2');
    expect(loaded.messages.map((entry) => entry.uuid)).toEqual([expect.any(String), expect.any(String)]);
    expect(loaded.problems.map(({ line, kind }) => ({ line, kind }))).toEqual([{ line: 3, kind: 'invalid' }, { line: 5, kind: 'torn' }]);
    const resumed = await store.open({ id: 's2' });
    await resumed.append([message('assistant', 'four')]);
    await resumed.close();
    const after = await store.read('s2');
    expect(after.messages.at(-1)?.message).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'four' }] });
    expect(after.problems.map(({ line, kind }) => ({ line, kind }))).toEqual([{ line: 3, kind: 'invalid' }, { line: 5, kind: 'invalid' }]);
  });

  it('refuses a transcript of a newer format and a file that is no transcript, and names an unknown id with the recent ones', async () => {
    const writer = await store.open({ id: 'known', metadata: metadata('known') });
    await writer.close();
    writeFileSync(path.join(directory, 'newer.jsonl'), `${JSON.stringify({ type: 'session', format: 99, metadata: metadata('newer') })}\n`);
    writeFileSync(path.join(directory, 'foreign.jsonl'), '{"hello":"world"}\n');
    expect(await rejectionCode(store.read('newer'))).toBe('SESSION_UNSUPPORTED');
    expect(await rejectionCode(store.read('foreign'))).toBe('SESSION_UNSUPPORTED');
    const missing = await store.read('nope').catch((error: CodevError) => error);
    expect((missing as CodevError).code).toBe('SESSION_NOT_FOUND');
    expect((missing as CodevError).hint).toContain('known');
    expect(await rejectionCode(store.read('../outside'))).toBe('SESSION_NOT_FOUND');
    expect(await rejectionCode(store.open({ id: 'nope' }))).toBe('SESSION_NOT_FOUND');
  });

  it('lets one writer hold a session at a time, and takes over the lock of a process that is gone', async () => {
    const writer = await store.open({ id: 's3', metadata: metadata('s3') });
    expect(await rejectionCode(store.open({ id: 's3' }))).toBe('SESSION_BUSY');
    expect(await rejectionCode(store.delete('s3'))).toBe('SESSION_BUSY');
    await writer.close();
    // A lock left by a process killed while it held the session.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(path.join(directory, 's3.lock'), JSON.stringify({ pid: Number(dead.stdout), hostname: os.hostname(), token: 'gone', createdAt: '2026-12-04T00:00:00Z' }));
    const again = await store.open({ id: 's3' });
    await again.append([message('user', 'after the crash')]);
    await again.close();
    expect((await store.read('s3')).messages).toHaveLength(1);
  });

  it('lists sessions newest first with their prompts, turns and tokens; forks at a message; deletes', async () => {
    const first = await store.open({ id: 'older', metadata: metadata('older') });
    await first.append([message('user', 'first question'), message('assistant', 'answer', { usage: { inputTokens: 100, outputTokens: 20, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 } })]);
    await first.close();
    const second = await store.open({ id: 'newer', metadata: metadata('newer') });
    const kept = message('user', 'keep me');
    await second.append([kept, message('assistant', 'kept'), message('user', 'drop me')]);
    await second.close();
    const list = await store.list();
    expect(list.map((summary) => summary.id)).toEqual(['newer', 'older']);
    expect(list[1]).toMatchObject({ firstPrompt: 'first question', lastPrompt: 'first question', turns: 1, inputTokens: 100, outputTokens: 20, messages: 2 });
    const fork = await store.fork({ from: 'newer', to: metadata('forked', { forkedFrom: { sessionId: 'newer', messageUuid: kept.uuid } }), at: kept.uuid });
    expect(fork.messages).toEqual([kept]);
    expect((await store.read('forked')).metadata.forkedFrom).toEqual({ sessionId: 'newer', messageUuid: kept.uuid });
    expect(await rejectionCode(store.fork({ from: 'newer', to: metadata('bad'), at: 'no-such-message' }))).toBe('SESSION_NOT_FOUND');
    await store.delete('older');
    expect(await rejectionCode(store.read('older'))).toBe('SESSION_NOT_FOUND');
  });

  it('loses no complete line when the writing process is killed with SIGKILL mid-stream', async () => {
    const storeModule = fileURLToPath(new URL('./create-file-session-store.ts', import.meta.url));
    const script = `
      const { createJiti } = require('jiti');
      const jiti = createJiti(${JSON.stringify(storeModule)});
      jiti.import(${JSON.stringify(storeModule)}).then(async ({ createFileSessionStore }) => {
        const store = createFileSessionStore({ directory: ${JSON.stringify(directory)} });
        const writer = await store.open({ id: 'crash', metadata: ${JSON.stringify(metadata('crash'))} });
        const text = 'x'.repeat(20000);
        for (let index = 0; ; index++) {
          await writer.append([{ type: 'message', uuid: 'u' + index, timestamp: new Date().toISOString(), message: { role: index % 2 ? 'assistant' : 'user', content: [{ type: 'text', text }] } }]);
          if (index === 200) process.stdout.write('writing\\n');
        }
      });`;
    const child = spawn(process.execPath, ['-e', script], { cwd: path.dirname(storeModule), stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('close', resolve));
    const loaded = await store.read('crash');
    // Writes go in the background, at most 1 MB (50 of these messages) queued: by message 200, most are on disk.
    expect(loaded.messages.length).toBeGreaterThan(100);
    expect(loaded.messages.map((entry) => entry.uuid)).toEqual(loaded.messages.map((_, index) => `u${index}`));
    expect(loaded.problems.filter((problem) => problem.kind === 'invalid')).toEqual([]);
    // The lock of the killed writer does not keep the session from being resumed.
    const resumed = await store.open({ id: 'crash' });
    await resumed.close();
  }, 30_000);
});

describe('locks of a process that ends without closing', () => {
  it('are removed when it exits', async () => {
    const storeModule = fileURLToPath(new URL('./create-file-session-store.ts', import.meta.url));
    const script = `
      const { createJiti } = require('jiti');
      createJiti(${JSON.stringify(storeModule)}).import(${JSON.stringify(storeModule)}).then(async ({ createFileSessionStore }) => {
        const store = createFileSessionStore({ directory: ${JSON.stringify(directory)} });
        await store.open({ id: 'unclosed', metadata: ${JSON.stringify(metadata('unclosed'))} });
        process.stdout.write(require('node:fs').readdirSync(${JSON.stringify(directory)}).join(','));
      });`;
    const child = spawnSync(process.execPath, ['-e', script], { cwd: path.dirname(storeModule), encoding: 'utf8', timeout: 20_000 });
    expect(child.stdout).toContain('unclosed.lock');
    expect(readdirSync(directory).sort()).toEqual(['.gitignore', 'unclosed.jsonl']);
  }, 30_000);
});
