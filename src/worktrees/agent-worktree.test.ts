import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgentWorktree, finishAgentWorktree } from './agent-worktree.ts';

const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim();

function repository(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'codev-worktree-'));
  git(root, 'init', '-q');
  mkdirSync(path.join(root, 'src'));
  writeFileSync(path.join(root, 'src', 'a.txt'), 'a\n');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'first');
  return root;
}

describe('agent worktrees', () => {
  it('refuses outside a repository and in one without a commit', async () => {
    const plain = mkdtempSync(path.join(os.tmpdir(), 'codev-plain-'));
    await expect(createAgentWorktree({ cwd: plain, name: 'x' })).rejects.toMatchObject({ code: 'WORKTREE_NOT_GIT' });
    git(plain, 'init', '-q');
    await expect(createAgentWorktree({ cwd: plain, name: 'x' })).rejects.toMatchObject({ code: 'WORKTREE_FAILED' });
  });

  it('maps the cwd, keeps the checkout clean, removes an untouched worktree and keeps one with work', async () => {
    const root = repository();
    const [untouched, edited] = await Promise.all([createAgentWorktree({ cwd: path.join(root, 'src'), name: 'one' }), createAgentWorktree({ cwd: root, name: 'two' })]);
    expect(untouched.cwd).toBe(path.join(untouched.path, 'src'));
    expect(edited.path).not.toBe(untouched.path);
    writeFileSync(path.join(edited.path, 'src', 'new.txt'), 'new\n');
    expect(git(root, 'status', '--porcelain')).toBe('');
    expect(existsSync(path.join(root, 'src', 'new.txt'))).toBe(false);
    expect(await finishAgentWorktree(untouched)).toMatchObject({ kept: false });
    expect(existsSync(untouched.path)).toBe(false);
    expect(git(root, 'branch', '--list', untouched.branch)).toBe('');
    expect(await finishAgentWorktree(edited)).toMatchObject({ kept: true, changedFiles: ['src/new.txt'], commits: 0 });
    git(edited.path, 'add', '.');
    git(edited.path, 'commit', '-q', '-m', 'work');
    expect(await finishAgentWorktree(edited)).toMatchObject({ kept: true, changedFiles: [], commits: 1 });
  });
});
