import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pinnedDirectoryPath, realPathOfHandle } from './real-path-of-handle.ts';

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-fd-path-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('realPathOfHandle: where an open file really is', () => {
  it('names the file the descriptor holds, not the path it was opened by, even after that path is swapped', async () => {
    mkdirSync(path.join(root, 'real'));
    writeFileSync(path.join(root, 'real/a.txt'), 'a');
    symlinkSync(path.join(root, 'real'), path.join(root, 'link'));
    const handle = await open(path.join(root, 'link/a.txt'));
    try {
      expect(await realPathOfHandle(handle, path.join(root, 'link/a.txt'))).toBe(path.join(root, 'real/a.txt'));
      renameSync(path.join(root, 'real'), path.join(root, 'moved'));
      expect(await realPathOfHandle(handle, path.join(root, 'link/a.txt'))).toBe(path.join(root, 'moved/a.txt'));
    } finally {
      await handle.close();
    }
  });

  it('has no name for a removed file', async () => {
    const file = path.join(root, 'gone.txt');
    writeFileSync(file, 'x');
    const handle = await open(file);
    try {
      unlinkSync(file);
      expect(await realPathOfHandle(handle, file)).toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it('pins a folder: what is written through the pinned path lands in the opened folder, wherever its name went', async () => {
    mkdirSync(path.join(root, 'box'));
    const folder = await open(path.join(root, 'box'));
    try {
      renameSync(path.join(root, 'box'), path.join(root, 'box2'));
      mkdirSync(path.join(root, 'box'));
      const pinned = await pinnedDirectoryPath(folder);
      writeFileSync(path.join(pinned ?? path.join(root, 'box2'), 'f'), 'y');
      expect(realpathSync(path.join(root, 'box2/f'))).toBe(path.join(root, 'box2/f'));
    } finally {
      await folder.close();
    }
  });
});
