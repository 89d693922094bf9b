import type { RunGitOptions } from '../../git/run-git.ts';
import { runWorkspaceGit } from './run-workspace-git.ts';
import { workspaceGitFailure } from './workspace-git-failure.ts';

/** Options of {@link workspaceGitOutput}. */
export interface WorkspaceGitOutputOptions extends RunGitOptions {
  /** What to do when the command fails, for the error's hint. */
  hint?: string;
}

/** The stdout of `git <args>` run by {@link runWorkspaceGit}; a failure throws {@link workspaceGitFailure}. */
export async function workspaceGitOutput(args: readonly string[], options: WorkspaceGitOutputOptions): Promise<string> {
  const { hint, ...git } = options;
  const result = await runWorkspaceGit(args, git);
  if (!result.ok) throw workspaceGitFailure(args, git, result, hint);
  return result.stdout;
}
