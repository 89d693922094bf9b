import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readlinkSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { acquireFileLock, lockPathOf } from './acquire-file-lock.ts';
import { formatLockOwner } from './lock-owner.ts';

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'codev-lock-'));
/** The pid of a process that has exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('acquireFileLock', () => {
  it('makes a lock naming this process, and removes it on release', async () => {
    const target = path.join(temp(), 'a.txt');
    const release = await acquireFileLock(target);
    expect(readlinkSync(lockPathOf(target))).toMatch(new RegExp(`^${process.pid}@`));
    await release();
    expect(existsSync(lockPathOf(target))).toBe(false);
  });

  it('waits while a live process holds the lock, and fails with FILE_CONFLICT when it never lets go', async () => {
    const target = path.join(temp(), 'a.txt');
    symlinkSync(formatLockOwner(process.ppid, 'aaaa'), lockPathOf(target));
    const started = Date.now();
    await expect(acquireFileLock(target, { waitMs: 150 })).rejects.toMatchObject({ code: 'FILE_CONFLICT' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(readlinkSync(lockPathOf(target))).toBe(formatLockOwner(process.ppid, 'aaaa'));
  });

  it('takes the lock as soon as its holder releases it', async () => {
    const target = path.join(temp(), 'a.txt');
    symlinkSync(formatLockOwner(process.ppid, 'ffff'), lockPathOf(target));
    let taken = false;
    const waiting = acquireFileLock(target).then((release) => ((taken = true), release));
    await sleep(30);
    expect(taken).toBe(false);
    unlinkSync(lockPathOf(target)); // what the holder's release does
    await (await waiting)();
    expect(taken).toBe(true);
  });

  it('counts a lock under this pid as a dead earlier process\'s (only one writer of a file runs at a time here)', async () => {
    const target = path.join(temp(), 'a.txt');
    symlinkSync(formatLockOwner(process.pid, 'abab'), lockPathOf(target));
    await (await acquireFileLock(target, { waitMs: 100 }))();
  });

  it('breaks the lock of a dead process (a kill -9 cannot leave it stuck)', async () => {
    const target = path.join(temp(), 'a.txt');
    symlinkSync(formatLockOwner(deadPid(), 'bbbb'), lockPathOf(target));
    const release = await acquireFileLock(target, { waitMs: 1_000 });
    expect(readlinkSync(lockPathOf(target))).toMatch(new RegExp(`^${process.pid}@`));
    await release();
  });

  it('stops waiting on abort with TOOL_ABORTED', async () => {
    const target = path.join(temp(), 'a.txt');
    symlinkSync(formatLockOwner(process.ppid, 'cccc'), lockPathOf(target));
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(acquireFileLock(target, { signal: controller.signal })).rejects.toMatchObject({ code: 'TOOL_ABORTED' });
  });

  it('goes ahead unlocked where no lock can be made, and never removes a file of the user in its place', async () => {
    const missing = path.join(temp(), 'no-such-folder', 'a.txt');
    await (await acquireFileLock(missing))();
    const dir = temp();
    const target = path.join(dir, 'a.txt');
    writeFileSync(lockPathOf(target), 'a file of the user that happens to have this name');
    await (await acquireFileLock(target))();
    expect(lstatSync(lockPathOf(target)).isFile()).toBe(true);
    expect(readdirSync(dir)).toEqual([path.basename(lockPathOf(target))]);
  });
});
