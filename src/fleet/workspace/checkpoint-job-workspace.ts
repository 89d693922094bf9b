import { checkTurn } from './check-turn.ts';
import { commitCheckout } from './commit-checkout.ts';
import { jobRefs } from './job-refs.ts';
import { pushTurnRef } from './push-turn-ref.ts';
import { restoreTrustedGitConfig } from './restore-trusted-git-config.ts';
import type { JobWorkspace } from './types.ts';

/** Options of {@link checkpointJobWorkspace}. */
export interface CheckpointJobWorkspaceOptions {
  workspace: JobWorkspace;
  /** The agent turn just completed, from 1. */
  turn: number;
  /** Runs right before each push, and throws to prevent it: the worker checks there that its attempt still holds the job. */
  beforePush?: () => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Records the checkout as it is after a completed turn, for any worker to resume from: every file (tracked,
 * new, deleted; ignored ones left out) is committed on the checkout's branch as `codev <codev@localhost>`,
 * with no hook and no signing, and pushed to `refs/codev/jobs/<jobId>/turn-<turn>` of the job's repository.
 * A turn that changed nothing makes no commit: its ref names the same commit as the turn before, so the
 * agent's `git log` is not filled with empty commits. The push replaces the ref (a turn redone after a
 * worker died is recorded again), leased against what this checkout saw there (see `pushTurnRef`). Returns the commit. Errors: 'WORKSPACE_FAILED' with git's stderr,
 * 'TOOL_ABORTED' when `signal` aborts, 'INPUT_INVALID' for a bad turn.
 */
export async function checkpointJobWorkspace(options: CheckpointJobWorkspaceOptions): Promise<string> {
  const { workspace, signal } = options;
  const turn = checkTurn(options.turn);
  await restoreTrustedGitConfig(workspace);
  const commit = await commitCheckout({
    cwd: workspace.path,
    message: [`codev: job ${workspace.jobId}, turn ${turn}`, `Codev-Job: ${workspace.jobId}\nCodev-Turn: ${turn}\nCodev-Base: ${workspace.baseCommit}`],
    signal,
  });
  await pushTurnRef({ cwd: workspace.path, repo: workspace.repo, commit, ref: jobRefs(workspace.jobId).turn(turn), ...(options.beforePush && { beforePush: options.beforePush }), signal });
  return commit;
}
