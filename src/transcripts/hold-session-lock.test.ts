import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { processStartTime } from '../files/process-start-time.ts';
import { currentSessionOwner } from '../session/session-owner.ts';
import { rejectionCode } from '../testing/rejection-code.ts';
import { createFileSessionStore } from './create-file-session-store.ts';
import type { SessionStore } from './types.ts';

let root: string;
let directory: string;
let store: SessionStore;
beforeEach(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'codev-session-lock-'));
  directory = path.join(root, 'sessions');
  store = createFileSessionStore({ directory });
  const writer = await store.open({ id: 's', metadata: { id: 's', cwd: '/project', model: 'claude-test', codevVersion: '0.0.0-test', createdAt: '2026-12-04T10:00:00.000Z' } });
  await writer.close();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const lockPath = () => path.join(directory, 's.lock');
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const deadPid = () => Number(spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout);

async function opens(): Promise<boolean> {
  const writer = await store.open({ id: 's' });
  await writer.close();
  return true;
}

describe('the session lock', () => {
  it('takes over the lock file of an earlier codev on another host once it is older than the expiry, not before', async () => {
    writeFileSync(lockPath(), JSON.stringify({ pid: 4242, hostname: 'another-host', token: 't', createdAt: '2026-12-04T10:00:00.000Z' }));
    const busy = await store.open({ id: 's' }).catch((error: CodevError) => error);
    expect((busy as CodevError).code).toBe('SESSION_BUSY');
    expect((busy as CodevError).hint).toBeTruthy();
    utimesSync(lockPath(), minutesAgo(2), minutesAgo(2));
    expect(await opens()).toBe(true);
    expect(existsSync(lockPath())).toBe(false);
  });

  it('judges a lock folder it cannot read (made by hand) by its age alone', async () => {
    mkdirSync(lockPath());
    writeFileSync(path.join(lockPath(), 'notes.txt'), 'mine');
    expect(await rejectionCode(store.open({ id: 's' }))).toBe('SESSION_BUSY');
    utimesSync(lockPath(), minutesAgo(2), minutesAgo(2));
    expect(await opens()).toBe(true);
  });

  it('removes the half-made lock of a taker that was killed while making it, keeps a live one\'s, and leaves no staging folder of its own', async () => {
    const staging = path.join(directory, '.lock-staging');
    const made = (nonce: string, owner: object) => {
      mkdirSync(path.join(staging, nonce), { recursive: true });
      writeFileSync(path.join(staging, nonce, `owner.${nonce}`), JSON.stringify(owner));
    };
    const killed = '00000000-0000-4000-8000-000000000001';
    const live = '00000000-0000-4000-8000-000000000002';
    made(killed, { ...currentSessionOwner(), pid: deadPid(), token: 'killed' });
    made(live, currentSessionOwner());
    expect(await opens()).toBe(true);
    expect(readdirSync(staging)).toEqual([live]);
    rmSync(path.join(staging, live), { recursive: true });
    expect(await opens()).toBe(true);
    expect(readdirSync(directory).sort()).toEqual(['.gitignore', 's.jsonl']);
  });

  it.runIf(process.platform === 'linux')('takes over the lock of a process whose pid a live process has now (it started later), not that of the live process itself', async () => {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    await once(child, 'spawn');
    try {
      const lockNaming = (processStart: string | undefined) => writeFileSync(lockPath(), JSON.stringify({ pid: child.pid, hostname: os.hostname(), token: 't', createdAt: '', processStart }));
      lockNaming(processStartTime(child.pid!));
      expect(await rejectionCode(store.open({ id: 's' }))).toBe('SESSION_BUSY');
      lockNaming(`${processStartTime(child.pid!)!.split(':')[0]}:1`);
      expect(await opens()).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.runIf(process.platform === 'linux')('a worker thread of this process (its own copy of codev, its own token) does not take a session the main thread holds', async () => {
    const held = await store.open({ id: 's' });
    const module = fileURLToPath(new URL('./create-file-session-store.ts', import.meta.url));
    const script = `
      const { parentPort, workerData } = require('node:worker_threads');
      require('jiti').createJiti(workerData.module).import(workerData.module)
        .then(({ createFileSessionStore }) => createFileSessionStore({ directory: workerData.directory }).open({ id: 's' }))
        .then((writer) => writer.close().then(() => parentPort.postMessage('opened')), (error) => parentPort.postMessage(error.code ?? String(error)));`;
    const worker = new Worker(script, { eval: true, workerData: { module, directory } });
    try {
      const [answer] = (await once(worker, 'message')) as [string];
      expect(answer).toBe('SESSION_BUSY');
    } finally {
      await worker.terminate();
      await held.close();
    }
  }, 30_000);

  it('refuses lock timings that are not positive or whose heartbeat is not well within the expiry', () => {
    const code = (lock: object) => {
      try {
        createFileSessionStore({ directory, lock });
        return undefined;
      } catch (error) {
        return (error as CodevError).code;
      }
    };
    expect(code({ heartbeatMs: 0 })).toBe('INPUT_INVALID');
    expect(code({ expiryMs: Number.NaN })).toBe('INPUT_INVALID');
    expect(code({ heartbeatMs: 40_000 })).toBe('INPUT_INVALID');
    expect(code({ heartbeatMs: 50, expiryMs: 500 })).toBeUndefined();
  });

  it('delete and unlock of an unknown session are SESSION_NOT_FOUND, and make nothing where there is no store yet', async () => {
    const nowhere = createFileSessionStore({ directory: path.join(root, 'none') });
    expect(await rejectionCode(nowhere.delete('s'))).toBe('SESSION_NOT_FOUND');
    expect(await rejectionCode(nowhere.unlock!('s'))).toBe('SESSION_NOT_FOUND');
    expect(existsSync(path.join(root, 'none'))).toBe(false);
    expect(await store.unlock!('s')).toBeUndefined();
  });
});
