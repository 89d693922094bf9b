import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../errors/codev-error.ts';
import { gitCommand as runGit } from './git-command.ts';

/** Where agent worktrees live, relative to the repository root (not under `.codev/`, whose paths are protected). */
export const WORKTREES_DIRECTORY = '.codev-worktrees';

/** A worktree made for one subagent. */
export interface AgentWorktree {
  path: string;
  branch: string;
  repoRoot: string;
  baseCommit: string;
  /** The original cwd's equivalent inside the worktree. */
  cwd: string;
}

/**
 * Makes a branch `codev/<name>` at HEAD and a worktree of it at `<repo>/.codev-worktrees/<name>`, listed in
 * `.git/info/exclude` so the user's `git status` stays clean. `WORKTREE_NOT_GIT` outside a repository,
 * `WORKTREE_FAILED` (with git's message) when git refuses, e.g. in a repository without a commit.
 */
export async function createAgentWorktree(options: { cwd: string; name: string; signal?: AbortSignal }): Promise<AgentWorktree> {
  const { cwd, signal } = options;
  let repoRoot: string;
  try {
    repoRoot = await runGit({ cwd, args: ['rev-parse', '--show-toplevel'], signal });
  } catch (error) {
    throw new CodevError('WORKTREE_NOT_GIT', `isolation "worktree" needs a git repository; ${cwd} is not inside one`, { cause: error, hint: 'run `git init` and commit, or drop `isolation`' });
  }
  const baseCommit = await runGit({ cwd: repoRoot, args: ['rev-parse', '--verify', 'HEAD'], signal }).catch((error) => {
    throw new CodevError('WORKTREE_FAILED', `The repository ${repoRoot} has no commit to branch from`, { cause: error, hint: 'make a first commit' });
  });
  const safe = options.name.replace(/[^A-Za-z0-9._-]/g, '-');
  const worktreePath = path.join(repoRoot, WORKTREES_DIRECTORY, safe);
  const branch = `codev/${safe}`;
  await excludeWorktrees({ repoRoot, signal });
  await mkdir(path.dirname(worktreePath), { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      await runGit({ cwd: repoRoot, args: ['worktree', 'add', '-b', branch, worktreePath, baseCommit], signal });
      break;
    } catch (error) {
      // Two worktrees added at once can race on git's lock files; a short retry settles it.
      if (attempt < 5 && /\.lock|is locked/.test(String((error as Error).message))) await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
      else throw error;
    }
  }
  const relative = path.relative(repoRoot, path.resolve(cwd));
  return { path: worktreePath, branch, repoRoot, baseCommit, cwd: relative.startsWith('..') ? worktreePath : path.join(worktreePath, relative) };
}

/**
 * Ends a subagent's worktree: an untouched one (no changes, no commits) is removed with its branch; one
 * with work in it is kept, and what changed is reported.
 */
export async function finishAgentWorktree(worktree: AgentWorktree): Promise<{ kept: boolean; path: string; branch: string; changedFiles: string[]; commits: number }> {
  const status = await runGit({ cwd: worktree.path, args: ['status', '--porcelain', '--untracked-files=all'] });
  const changedFiles = status.split('\n').filter(Boolean).map((line) => line.slice(3));
  const commits = Number(await runGit({ cwd: worktree.path, args: ['rev-list', '--count', `${worktree.baseCommit}..HEAD`] }));
  const result = { path: worktree.path, branch: worktree.branch, changedFiles, commits };
  if (changedFiles.length > 0 || commits > 0) return { kept: true, ...result };
  await runGit({ cwd: worktree.repoRoot, args: ['worktree', 'remove', '--force', worktree.path] });
  await runGit({ cwd: worktree.repoRoot, args: ['branch', '-D', worktree.branch] });
  return { kept: false, ...result };
}

async function excludeWorktrees(options: { repoRoot: string; signal?: AbortSignal }): Promise<void> {
  const commonDirectory = path.resolve(options.repoRoot, await runGit({ cwd: options.repoRoot, args: ['rev-parse', '--git-common-dir'], signal: options.signal }));
  const exclude = path.join(commonDirectory, 'info', 'exclude');
  const line = `/${WORKTREES_DIRECTORY}/`;
  const current = await readFile(exclude, 'utf8').catch(() => '');
  if (current.split('\n').includes(line)) return;
  await mkdir(path.dirname(exclude), { recursive: true });
  await appendFile(exclude, `${current && !current.endsWith('\n') ? '\n' : ''}${line}\n`);
}
