import { runGit } from '../git/run-git.ts';
import { gitFailure } from './git-failure.ts';
import { runInRepository } from './run-in-repository.ts';

export const REMOVE_TIMEOUT_MS = 120_000;

/** Options of {@link removeWorktree}. */
export interface RemoveWorktreeOptions {
  repoRoot: string;
  /** The repository's common git dir: removals wait for additions and removals in flight (see runInRepository). */
  commonDir: string;
  path: string;
  branch: string;
  /** The commit the branch must still be at to be deleted; undefined when the branch is already gone. */
  branchTip: string | undefined;
}

const deleteBranchArgs = (branch: string, tip: string) => ['update-ref', '-m', 'codev: agent worktree removed', '-d', `refs/heads/${branch}`, tip];

/**
 * Removes a worktree (`git worktree remove --force`, ignored files included) and deletes its branch if it is
 * still at `branchTip` (`git update-ref -d`, which unlike `git branch -D` needs no look at the other
 * worktrees). Failures are 'WORKTREE_FAILED' carrying git's stderr. Takes no signal on purpose: it runs when
 * an agent ends, often after an interrupt.
 */
export function removeWorktree(options: RemoveWorktreeOptions): Promise<void> {
  return runInRepository(options.commonDir, async function removeNow() {
    const git = { cwd: options.repoRoot, timeoutMs: REMOVE_TIMEOUT_MS, withoutCredentials: true };
    const removeArgs = ['worktree', 'remove', '--force', options.path];
    const removed = await runGit(removeArgs, git);
    if (!removed.ok) throw gitFailure(removeArgs, git, removed, `remove it by hand: git worktree remove --force ${options.path}`);
    if (options.branchTip === undefined) return;
    const deleteArgs = deleteBranchArgs(options.branch, options.branchTip);
    const deleted = await runGit(deleteArgs, git);
    if (!deleted.ok) throw gitFailure(deleteArgs, git, deleted, `delete it by hand: git branch -D ${options.branch}`);
  });
}

/**
 * Best effort, for a `git worktree add` that failed or was interrupted halfway: removes the half-made worktree
 * and the branch made for it (if still at `baseCommit`). Never throws. Runs at once: its caller already holds
 * the repository's turn.
 */
export async function discardWorktree(options: { repoRoot: string; path: string; branch: string; baseCommit: string }): Promise<void> {
  const git = { cwd: options.repoRoot, timeoutMs: REMOVE_TIMEOUT_MS, withoutCredentials: true };
  // Twice --force: an interrupted add leaves its worktree locked ("initializing").
  await runGit(['worktree', 'remove', '--force', '--force', options.path], git);
  await runGit(deleteBranchArgs(options.branch, options.baseCommit), git);
}
