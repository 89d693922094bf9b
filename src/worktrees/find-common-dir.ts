import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from '../git/run-git.ts';
import { gitFailure } from './git-failure.ts';

/**
 * The repository's common git dir (`.git` of the main checkout, shared by all its worktrees), absolute and
 * real, so it is the same key from any worktree. A failure is a 'WORKTREE_FAILED' with git's stderr.
 */
export async function findCommonDir(cwd: string, signal?: AbortSignal): Promise<string> {
  const args = ['rev-parse', '--git-common-dir'];
  const result = await runGit(args, { cwd, signal });
  if (!result.ok) throw gitFailure(args, { cwd }, result);
  const resolved = path.resolve(cwd, result.stdout.trim());
  return realpath(resolved).catch(() => resolved);
}
