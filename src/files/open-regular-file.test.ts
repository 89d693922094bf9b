import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notRegularFileError, openRegularFile } from './open-regular-file.ts';

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'codev-open-'));

/** Fails instead of hanging when the open blocks. */
function within<T>(promise: Promise<T>, ms = 2_000): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms))]);
}

describe('openRegularFile', () => {
  it('opens a regular file (through a symlink too) and reads from the checked handle', async () => {
    const dir = temp();
    writeFileSync(path.join(dir, 'a.txt'), 'alpha');
    symlinkSync(path.join(dir, 'a.txt'), path.join(dir, 'link'));
    const opened = await openRegularFile(path.join(dir, 'link'));
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.stats.size).toBe(5);
    expect((await opened.handle.readFile()).toString()).toBe('alpha');
    await opened.handle.close();
  });

  it('answers a FIFO, a symlink to one, devices, a socket and a directory with their type, without blocking', async () => {
    const dir = temp();
    const fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [fifo]);
    symlinkSync(fifo, path.join(dir, 'to-pipe'));
    symlinkSync('/dev/zero', path.join(dir, 'to-zero'));
    mkdirSync(path.join(dir, 'sub'));
    const socketPath = path.join(dir, 'sock');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    try {
      const cases: Array<[string, string]> = [
        [fifo, 'FIFO'],
        [path.join(dir, 'to-pipe'), 'FIFO'],
        ['/dev/zero', 'character device'],
        [path.join(dir, 'to-zero'), 'character device'],
        ['/dev/null', 'character device'],
        [socketPath, 'socket'],
        [path.join(dir, 'sub'), 'directory'],
      ];
      for (const [target, type] of cases) expect(await within(openRegularFile(target)), target).toEqual({ ok: false, type, stats: expect.any(Object) });
    } finally {
      server.close();
    }
  });

  it('with followLinks: false, answers a link as a link, whatever it points to, and opens a regular file', async () => {
    const dir = temp();
    const file = path.join(dir, 'file.txt');
    writeFileSync(file, 'text');
    symlinkSync(file, path.join(dir, 'to-file'));
    symlinkSync('/dev/zero', path.join(dir, 'to-zero'));
    for (const link of ['to-file', 'to-zero']) expect(await within(openRegularFile(path.join(dir, link), { followLinks: false })), link).toEqual({ ok: false, type: 'symbolic link', stats: expect.any(Object) });
    const opened = await openRegularFile(file, { followLinks: false });
    expect(opened.ok).toBe(true);
    if (opened.ok) await opened.handle.close();
  });

  it('throws what open throws for a missing file', async () => {
    await expect(openRegularFile(path.join(temp(), 'nope'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('makes a FILE_NOT_REGULAR error that names the path and its type', () => {
    const error = notRegularFileError('/x/pipe', 'FIFO');
    expect(error.code).toBe('FILE_NOT_REGULAR');
    expect(error.message).toContain('/x/pipe');
    expect(error.message).toContain('FIFO');
  });
});
