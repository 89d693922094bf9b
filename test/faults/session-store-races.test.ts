/**
 * The file session store against what shares its folder: several `codev sessions` listings at once (each
 * rewrites the summary cache) while a writer appends, and a lock planted as a link. Real processes, real
 * files; a hang fails by the test's timeout.
 */
import { spawn } from 'node:child_process';
import { lutimesSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rejectionCode } from '../../src/testing/rejection-code.ts';
import { createFileSessionStore } from '../../src/transcripts/create-file-session-store.ts';
import { SUMMARY_CACHE_FILE } from '../../src/transcripts/summary-cache.ts';
import type { SessionStore, TranscriptEntry } from '../../src/transcripts/types.ts';

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/codev.mjs');
const SESSIONS = 12;
const LISTINGS = 4;

function project(): { root: string; sessions: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-store-races-'));
  writeFileSync(path.join(root, 'package.json'), '{}');
  return { root, sessions: path.join(root, '.codev', 'sessions') };
}

const message = (text: string): TranscriptEntry => ({ type: 'message', uuid: `${text}-${Math.random()}`, timestamp: new Date().toISOString(), message: { role: 'user', content: text } });

async function newSession(store: SessionStore, id: string) {
  return store.open({ id, metadata: { id, cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: new Date().toISOString() } });
}

/** `codev sessions --json` in a process of its own: its exit code and the ids it listed. */
function listing(cwd: string): Promise<{ code: number | null; ids: string[]; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'sessions', '--json'], { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, CODEV_FROM_SOURCE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, ids: code === 0 ? (JSON.parse(stdout) as { id: string }[]).map((summary) => summary.id).sort() : [], stderr }));
  });
}

describe('listings at once', () => {
  it('each lists every session while a writer appends, and they leave one whole summary cache and no temp file', async () => {
    const { root, sessions } = project();
    const store = createFileSessionStore({ directory: sessions });
    const ids = Array.from({ length: SESSIONS }, (_, index) => `session-${String(index).padStart(2, '0')}`);
    for (const id of ids) await (await newSession(store, id)).close();
    const writer = await store.open({ id: ids[0]! });
    let writing = true;
    const appending = (async () => {
      for (let count = 0; writing; count++) {
        await writer.append([message(`line ${count}`)]);
        await writer.flush?.();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const results = await Promise.all(Array.from({ length: LISTINGS }, () => listing(root)));
    writing = false;
    await appending;
    await writer.close();
    for (const result of results) expect(result, result.stderr).toMatchObject({ code: 0, ids });
    // What the racing listings left: transcripts, the cache, the .gitignore; no temp file of a listing.
    expect(readdirSync(sessions).filter((name) => !name.endsWith('.jsonl')).sort()).toEqual(['.gitignore', SUMMARY_CACHE_FILE]);
    expect((await store.list()).map((summary) => summary.id).sort()).toEqual(ids);
  });
});

describe('a lock planted as a link', () => {
  it('is never followed: a link to /dev/zero is judged by its own age, busy while recent, taken over once old', async () => {
    const { sessions } = project();
    const store = createFileSessionStore({ directory: sessions, lock: { heartbeatMs: 1_000, expiryMs: 60_000 } });
    await (await newSession(store, 'planted')).close();
    const lock = path.join(sessions, 'planted.lock');
    symlinkSync('/dev/zero', lock);
    expect(await rejectionCode(store.open({ id: 'planted' }))).toBe('SESSION_BUSY');
    const old = new Date(Date.now() - 3_600_000);
    lutimesSync(lock, old, old);
    const writer = await store.open({ id: 'planted' });
    await writer.append([message('after the takeover')]);
    await writer.close();
    expect((await store.read('planted')).messages.map((entry) => entry.message.content)).toEqual(['after the takeover']);
    expect(readdirSync(sessions).filter((name) => name.startsWith('planted.lock'))).toEqual([]);
  });
});
