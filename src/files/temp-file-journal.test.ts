import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockPathOf } from './acquire-file-lock.ts';
import { lstatIfPresent } from './lstat-if-present.ts';
import { formatLockOwner } from './lock-owner.ts';
import { removeLeftoverTempFiles, TEMP_FILE_JOURNALS } from './temp-file-journal.ts';

/** Something is there, a dangling symlink included. */
const existsSync = (target: string) => lstatIfPresent(target) !== undefined;
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

describe('removeLeftoverTempFiles', () => {
  it("removes a dead process's listed temp files and locks, and nothing else", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'codev-journal-'));
    const dead = deadPid();
    const file = (name: string, content = 'x') => (writeFileSync(path.join(dir, name), content), path.join(dir, name));
    const leftover = file(`.a.txt.${dead}.0123456789ab.tmp`);
    const otherPid = file(`.a.txt.${process.pid}.0123456789ab.tmp`);
    const notTemp = file('a.txt');
    const deadLock = lockPathOf(path.join(dir, 'b.txt'));
    symlinkSync(formatLockOwner(dead, 'dddd'), deadLock);
    const liveLock = lockPathOf(path.join(dir, 'c.txt'));
    symlinkSync(formatLockOwner(process.pid, 'eeee'), liveLock);
    mkdirSync(TEMP_FILE_JOURNALS, { recursive: true });
    const journal = path.join(TEMP_FILE_JOURNALS, `${dead}.log`);
    writeFileSync(journal, [leftover, otherPid, notTemp, deadLock, liveLock, 'relative/.x.1.0123456789ab.tmp', ''].join('\n'));

    const removed = await removeLeftoverTempFiles();

    expect(removed).toEqual(expect.arrayContaining([leftover, deadLock]));
    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(deadLock)).toBe(false);
    for (const kept of [otherPid, notTemp, liveLock]) expect(existsSync(kept), kept).toBe(true);
    expect(existsSync(journal)).toBe(false);
  });

  it('keeps the journal and files of a live process', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'codev-journal-'));
    const live = process.ppid;
    const inFlight = path.join(dir, `.a.txt.${live}.0123456789ab.tmp`);
    writeFileSync(inFlight, 'x');
    mkdirSync(TEMP_FILE_JOURNALS, { recursive: true });
    const journal = path.join(TEMP_FILE_JOURNALS, `${live}.log`);
    writeFileSync(journal, `${inFlight}\n`);
    try {
      await removeLeftoverTempFiles();
      expect(existsSync(inFlight)).toBe(true);
      expect(existsSync(journal)).toBe(true);
    } finally {
      writeFileSync(journal, '');
    }
  });
});
