import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryPaths } from './repository-paths.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function repository(): { root: string; git: (...args: string[]) => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-repository-paths-'));
  folders.push(root);
  const git = (...args: string[]) => void execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'ignore' });
  git('init', '-q', '.');
  return { root, git };
}

describe('repositoryPaths', () => {
  it('lists the index and every path of history, and sees a new commit after a cached answer', async () => {
    const { root, git } = repository();
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    git('add', 'a.txt');
    git('commit', '-q', '-m', 'one');
    const first = await repositoryPaths(root);
    expect([...first!.paths]).toEqual(['a.txt']);
    writeFileSync(path.join(root, '.env'), 'x\n');
    git('add', '.env');
    expect((await repositoryPaths(root))!.paths.has('.env')).toBe(true);
    git('commit', '-q', '-m', 'two');
    git('rm', '-q', '--cached', '.env');
    git('commit', '-q', '-m', 'three');
    expect((await repositoryPaths(root))!.paths.has('.env')).toBe(true);
  });

  it('lists paths from a sub-folder relative to the top folder', async () => {
    const { root, git } = repository();
    execFileSync('mkdir', ['-p', path.join(root, 'sub')]);
    writeFileSync(path.join(root, 'sub', 'b.txt'), 'b\n');
    git('add', '-A');
    git('commit', '-q', '-m', 'one');
    const listed = await repositoryPaths(path.join(root, 'sub'));
    expect(listed!.paths.has('sub/b.txt')).toBe(true);
  });

  it('is undefined outside a repository (any path may be held)', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'codev-repository-paths-'));
    folders.push(folder);
    expect(await repositoryPaths(folder)).toBeUndefined();
  });
});
