import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanGitMachine } from '../git/test-fixtures/clean-git-machine.ts';
import { createAgentWorktree, finishAgentWorktree, sanitizeWorktreeName, WORKTREES_DIRECTORY } from './index.ts';

const { root: temporaryRoot, git, directory } = cleanGitMachine('codev-worktrees-');

function repository(): string {
  const root = directory();
  git(root, 'init', '-q');
  mkdirSync(path.join(root, 'src', 'deep'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'deep', 'a.txt'), 'a\n');
  writeFileSync(path.join(root, 'README.md'), 'readme\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  return root;
}

const branchExists = (root: string, branch: string) => git(root, 'branch', '--list', branch) !== '';

describe('createAgentWorktree', () => {
  it('refuses outside a git repository', async () => {
    await expect(createAgentWorktree({ cwd: directory(), name: 'x' })).rejects.toMatchObject({ code: 'WORKTREE_NOT_GIT' });
  });

  it('refuses a repository without a commit', async () => {
    const root = directory();
    git(root, 'init', '-q');
    await expect(createAgentWorktree({ cwd: root, name: 'x' })).rejects.toMatchObject({ code: 'WORKTREE_FAILED' });
  });

  it('refuses a cwd that does not exist, and an aborted signal', async () => {
    await expect(createAgentWorktree({ cwd: path.join(temporaryRoot, 'missing'), name: 'x' })).rejects.toMatchObject({ code: 'WORKTREE_FAILED' });
    await expect(createAgentWorktree({ cwd: repository(), name: 'x', signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'TOOL_ABORTED' });
  });

  it('maps a subfolder cwd into the worktree, at the base commit, on a codev/ branch', async () => {
    const root = repository();
    const worktree = await createAgentWorktree({ cwd: path.join(root, 'src', 'deep'), name: 'Explore Agent!' });
    expect(worktree).toMatchObject({
      repoRoot: root,
      path: path.join(root, WORKTREES_DIRECTORY, 'explore-agent'),
      branch: 'codev/explore-agent',
      baseCommit: git(root, 'rev-parse', 'HEAD'),
    });
    expect(worktree.cwd).toBe(path.join(worktree.path, 'src', 'deep'));
    expect(readFileSync(path.join(worktree.cwd, 'a.txt'), 'utf8')).toBe('a\n');
    expect(git(worktree.path, 'rev-parse', 'HEAD')).toBe(worktree.baseCommit);
    expect(git(worktree.path, 'branch', '--show-current')).toBe(worktree.branch);
  });

  it('maps an untracked subfolder cwd to a created folder', async () => {
    const root = repository();
    mkdirSync(path.join(root, 'scratch'));
    const worktree = await createAgentWorktree({ cwd: path.join(root, 'scratch'), name: 'x' });
    expect(worktree.cwd).toBe(path.join(worktree.path, 'scratch'));
    expect(existsSync(worktree.cwd)).toBe(true);
    expect(await finishAgentWorktree(worktree)).toMatchObject({ kept: false });
  });

  it('keeps edits out of the main checkout and its git status, excluding the folder once', async () => {
    const root = repository();
    const first = await createAgentWorktree({ cwd: root, name: 'one' });
    await createAgentWorktree({ cwd: root, name: 'two' });
    writeFileSync(path.join(first.cwd, 'new.txt'), 'new\n');
    writeFileSync(path.join(first.cwd, 'README.md'), 'changed\n');
    expect(existsSync(path.join(root, 'new.txt'))).toBe(false);
    expect(readFileSync(path.join(root, 'README.md'), 'utf8')).toBe('readme\n');
    expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    const exclude = readFileSync(path.join(root, '.git', 'info', 'exclude'), 'utf8');
    expect(exclude.split('\n').filter((line) => line === `/${WORKTREES_DIRECTORY}/`)).toHaveLength(1);
    expect(git(root, 'ls-files', '--others', '--exclude-standard')).toBe('');
  });

  it('adds a suffix when the branch already exists', async () => {
    const root = repository();
    git(root, 'branch', 'codev/taken');
    const worktree = await createAgentWorktree({ cwd: root, name: 'taken' });
    expect(worktree.branch).toBe('codev/taken-2');
    expect(worktree.path).toBe(path.join(root, WORKTREES_DIRECTORY, 'taken-2'));
  });

  it('adds a suffix when the folder already exists', async () => {
    const root = repository();
    mkdirSync(path.join(root, WORKTREES_DIRECTORY, 'busy'), { recursive: true });
    const worktree = await createAgentWorktree({ cwd: root, name: 'busy' });
    expect(worktree.branch).toBe('codev/busy-2');
    expect(branchExists(root, 'codev/busy')).toBe(false);
  });

  it('creates concurrent worktrees in one repository, same name or not', async () => {
    const root = repository();
    const worktrees = await Promise.all(['same', 'same', 'same', 'other'].map((name) => createAgentWorktree({ cwd: root, name })));
    expect(new Set(worktrees.map((worktree) => worktree.path)).size).toBe(4);
    expect(new Set(worktrees.map((worktree) => worktree.branch)).size).toBe(4);
    for (const worktree of worktrees) expect(git(worktree.path, 'branch', '--show-current')).toBe(worktree.branch);
    const finished = await Promise.all(worktrees.map((worktree) => finishAgentWorktree(worktree)));
    expect(finished.every((result) => !result.kept)).toBe(true);
    expect(git(root, 'worktree', 'list', '--porcelain').match(/^worktree /gm)).toHaveLength(1);
  });
});

describe('finishAgentWorktree', () => {
  it('removes an untouched worktree and its branch', async () => {
    const root = repository();
    const worktree = await createAgentWorktree({ cwd: path.join(root, 'src'), name: 'idle' });
    expect(await finishAgentWorktree(worktree)).toEqual({ kept: false, path: worktree.path, branch: worktree.branch, changedFiles: [], commits: 0 });
    expect(existsSync(worktree.path)).toBe(false);
    expect(branchExists(root, worktree.branch)).toBe(false);
    expect(git(root, 'status', '--porcelain', '--untracked-files=all')).toBe('');
  });

  it('keeps a worktree with uncommitted changes and lists them', async () => {
    const root = repository();
    const worktree = await createAgentWorktree({ cwd: path.join(root, 'src', 'deep'), name: 'edit' });
    writeFileSync(path.join(worktree.cwd, 'a.txt'), 'edited\n');
    writeFileSync(path.join(worktree.cwd, 'new file.txt'), 'new\n');
    expect(await finishAgentWorktree(worktree)).toEqual({
      kept: true,
      path: worktree.path,
      branch: worktree.branch,
      changedFiles: ['src/deep/a.txt', 'src/deep/new file.txt'],
      commits: 0,
    });
    expect(existsSync(worktree.path)).toBe(true);
    expect(branchExists(root, worktree.branch)).toBe(true);
  });

  it('keeps a worktree with a new commit and counts it', async () => {
    const root = repository();
    const worktree = await createAgentWorktree({ cwd: root, name: 'commit' });
    writeFileSync(path.join(worktree.path, 'added.txt'), 'added\n');
    git(worktree.path, 'add', '-A');
    git(worktree.path, 'commit', '-q', '-m', 'work');
    expect(await finishAgentWorktree(worktree)).toMatchObject({ kept: true, changedFiles: ['added.txt'], commits: 1 });
    expect(git(root, 'rev-parse', 'HEAD')).toBe(worktree.baseCommit);
    expect(existsSync(path.join(root, 'added.txt'))).toBe(false);
  });
});

describe('finishAgentWorktree failures', () => {
  it('reports a worktree folder deleted behind its back', async () => {
    const root = repository();
    const worktree = await createAgentWorktree({ cwd: root, name: 'gone' });
    rmSync(worktree.path, { recursive: true, force: true });
    await expect(finishAgentWorktree(worktree)).rejects.toMatchObject({ code: 'WORKTREE_FAILED' });
  });
});

describe('sanitizeWorktreeName', () => {
  it('keeps folder- and branch-safe names', () => {
    expect(sanitizeWorktreeName('Explore: café/..v2')).toBe('explore-cafe-v2');
    expect(sanitizeWorktreeName('--a.lock')).toBe('a-lock');
    expect(sanitizeWorktreeName('///')).toBe('agent');
    expect(sanitizeWorktreeName('x'.repeat(100))).toHaveLength(48);
  });
});
