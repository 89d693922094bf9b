import { commitCheckout } from './commit-checkout.ts';
import { jobRefs } from './job-refs.ts';
import { pushJobRef } from './push-job-ref.ts';
import { readJobPatch } from './read-job-patch.ts';
import { restoreTrustedGitConfig } from './restore-trusted-git-config.ts';
import type { FinishedJobWorkspace, JobWorkspace } from './types.ts';
import { workspaceGitOutput } from './workspace-git-output.ts';
import { TREE_TIMEOUT_MS } from './workspace-timeouts.ts';

/** Options of {@link finishJobWorkspace}. */
export interface FinishJobWorkspaceOptions {
  workspace: JobWorkspace;
  /** Cap of the returned patch in bytes; default 1 MiB (`MAX_PATCH_BYTES`). */
  maxPatchBytes?: number;
  /** Runs right before the push, and throws to prevent it: the worker checks there that its attempt still holds the job. */
  beforePush?: () => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Hands over a job's work: commits what the checkout holds (as a checkpoint does), pushes it as branch
 * `codev/jobs/<jobId>` of the job's repository (replacing it, so finishing again after a worker died is
 * safe), and returns the branch, its commit, the files changed since the base commit and the patch. The
 * hidden refs of the job stay: a finish whose job never got recorded as done resumes from them, and they
 * hold no object the branch lacks (unless the agent rewrote history); remove them with
 * `deleteJobCheckpoints` once the result is stored. The checkout stays too: see `removeJobWorkspace`.
 */
export async function finishJobWorkspace(options: FinishJobWorkspaceOptions): Promise<FinishedJobWorkspace> {
  const { workspace, signal } = options;
  const { baseCommit, jobId } = workspace;
  const git = { cwd: workspace.path, signal };
  await restoreTrustedGitConfig(workspace);
  const commit = await commitCheckout({ ...git, message: [`codev: job ${jobId}, finished`, `Codev-Job: ${jobId}\nCodev-Base: ${baseCommit}`] });
  const refs = jobRefs(jobId);
  await options.beforePush?.();
  await pushJobRef({ ...git, repo: workspace.repo, commit, ref: refs.branch, force: true });
  const names = await workspaceGitOutput(['diff', '--name-only', '-z', '--no-renames', '--no-ext-diff', baseCommit, commit, '--'], { ...git, timeoutMs: TREE_TIMEOUT_MS });
  const changedFiles = names.split('\0').filter(Boolean).sort();
  const { patch, truncated } = await readJobPatch({ ...git, from: baseCommit, to: commit, maxBytes: options.maxPatchBytes });
  return { branch: refs.branchName, commit, baseCommit, changedFiles, patch, patchTruncated: truncated };
}
