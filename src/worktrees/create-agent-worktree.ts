import { mkdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { isPathInside } from '../files/is-path-inside.ts';
import { addWorktree } from './add-worktree.ts';
import { excludeWorktreesFolder } from './exclude-worktrees-folder.ts';
import { findCommonDir } from './find-common-dir.ts';
import { runGit } from '../git/run-git.ts';
import { gitFailure } from './git-failure.ts';
import { sanitizeWorktreeName } from './sanitize-worktree-name.ts';
import type { AgentWorktree, CreateAgentWorktreeOptions } from './types.ts';

async function realDirectory(cwd: string): Promise<string> {
  try {
    const real = await realpath(cwd);
    if ((await stat(real)).isDirectory()) return real;
  } catch (error) {
    throw new CodevError('WORKTREE_FAILED', `cannot make a worktree from ${cwd}: ${errorMessage(error)}`, { file: cwd, cause: error });
  }
  throw new CodevError('WORKTREE_FAILED', `cannot make a worktree from ${cwd}: not a directory`, { file: cwd });
}

/**
 * Gives an agent its own git worktree, so its edits never touch the user's checkout.
 *
 * 1. Finds the work tree root of `cwd` (`git rev-parse --show-toplevel`); outside a repository:
 *    'WORKTREE_NOT_GIT'.
 * 2. Records `HEAD` as the base commit; a repository without a commit: 'WORKTREE_FAILED'.
 * 3. Adds `/.codev-worktrees/` to `info/exclude` of the repository (once), so the user's `git status` stays clean.
 * 4. Creates branch `codev/<name>` and worktree `<repoRoot>/.codev-worktrees/<name>` (a suffix when taken).
 * 5. Maps `cwd` to the same subfolder of the worktree (created when the folder is not tracked).
 *
 * The worktree holds the base commit only: uncommitted changes of the user's checkout are not in it.
 * Hand the result to {@link finishAgentWorktree} when the agent is done.
 *
 * @example
 * const worktree = await createAgentWorktree({ cwd: process.cwd(), name: 'explore' });
 * // ... run the agent in worktree.cwd ...
 * const { kept, changedFiles } = await finishAgentWorktree(worktree);
 */
export async function createAgentWorktree(options: CreateAgentWorktreeOptions): Promise<AgentWorktree> {
  const { signal } = options;
  if (signal?.aborted) throw new CodevError('TOOL_ABORTED', 'creating the agent worktree was interrupted');
  const cwd = await realDirectory(options.cwd);

  const topArgs = ['rev-parse', '--show-toplevel'];
  const top = await runGit(topArgs, { cwd, signal });
  if (!top.ok) {
    if (!top.aborted && !top.spawnError && !top.timedOut && /not a git repository|must be run in a work tree/i.test(top.stderr)) {
      throw new CodevError('WORKTREE_NOT_GIT', `${cwd} is not inside a git work tree, so the agent cannot get its own worktree`, {
        file: cwd,
        hint: 'run `git init` there and make a first commit, or drop `isolation: "worktree"`',
      });
    }
    throw gitFailure(topArgs, { cwd }, top);
  }
  const repoRoot = path.resolve(top.stdout.trim());

  const headArgs = ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'];
  const head = await runGit(headArgs, { cwd: repoRoot, signal });
  if (!head.ok) {
    if (head.aborted || head.spawnError || head.timedOut) throw gitFailure(headArgs, { cwd: repoRoot }, head);
    throw new CodevError('WORKTREE_FAILED', `the repository at ${repoRoot} has no commit yet, so there is nothing to check out in a worktree`, {
      file: repoRoot,
      hint: 'make a first commit (git add -A && git commit -m "initial commit"), or drop `isolation: "worktree"`',
    });
  }
  const baseCommit = head.stdout.trim();

  const commonDir = await findCommonDir(repoRoot, signal);
  await excludeWorktreesFolder(commonDir);

  const added = await addWorktree({ repoRoot, commonDir, baseCommit, name: sanitizeWorktreeName(options.name), signal });
  const relative = path.relative(repoRoot, cwd);
  const worktreeCwd = relative !== '' && isPathInside(cwd, repoRoot) ? path.join(added.path, relative) : added.path;
  await mkdir(worktreeCwd, { recursive: true });
  return { path: added.path, branch: added.branch, repoRoot, baseCommit, cwd: worktreeCwd };
}
