import { CodevError } from '../../errors/codev-error.ts';
import type { GitResult, RunGitOptions } from '../../git/run-git.ts';
import { gitFailure } from '../../worktrees/git-failure.ts';

/**
 * The CodevError for a failed git command of a job workspace: shaped by the worktrees' {@link gitFailure}
 * (command, folder, git's stderr; 'TOOL_ABORTED' when interrupted), with the code 'WORKSPACE_FAILED'.
 */
export function workspaceGitFailure(args: readonly string[], options: RunGitOptions, result: Extract<GitResult, { ok: false }>, hint?: string): CodevError {
  const shaped = gitFailure(args, options, result, hint);
  if (shaped.code !== 'WORKTREE_FAILED') return shaped;
  const missingGit = result.spawnError === 'ENOENT' && shaped.file === undefined;
  return new CodevError('WORKSPACE_FAILED', shaped.message, { file: shaped.file, hint: missingGit ? 'install git on this worker' : shaped.hint });
}
