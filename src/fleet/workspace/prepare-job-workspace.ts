import { mkdir, realpath, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CodevError, errorMessage } from '../../errors/codev-error.ts';
import { attemptFolders } from './attempt-folders.ts';
import { checkJobId } from './check-job-id.ts';
import { findJobCheckpoint } from './find-job-checkpoint.ts';
import { jobRefs } from './job-refs.ts';
import { pushJobRef } from './push-job-ref.ts';
import { prepareRecordingStore } from './recording-store.ts';
import { removeDeadAttemptFolders } from './remove-dead-attempt-folders.ts';
import { removeJobWorkspace } from './remove-job-workspace.ts';
import { resolveBaseCommit } from './resolve-base-commit.ts';
import { resolveRepository } from './resolve-repository.ts';
import { saveTrustedGitConfig } from './save-trusted-git-config.ts';
import type { JobWorkspace, JobWorkspaceSpec } from './types.ts';
import { workspaceGitOutput } from './workspace-git-output.ts';
import { CLONE_TIMEOUT_MS, TREE_TIMEOUT_MS } from './workspace-timeouts.ts';

/** Options of {@link prepareJobWorkspace}. */
export interface PrepareJobWorkspaceOptions {
  /** The worker's folder of checkouts; created when missing. */
  root: string;
  jobId: string;
  spec: JobWorkspaceSpec;
  /** The transcript's last completed turn, when the job goes on from one; absent or 0: the job starts over. */
  resumeTurn?: number;
  /**
   * The commit the job's state names for `resumeTurn` (written by the attempt that held the job's lock): the
   * checkout starts there rather than at whatever the turn's ref holds, which a stale attempt may have pushed.
   */
  resumeCommit?: string;
  /**
   * The job this one was rewound from (`fleet.rewind`): when `resumeCommit` is not in this job's refs yet, it
   * is fetched from that job's, and recorded in this job's (its base and its turn), for every later attempt.
   */
  rewoundFrom?: string;
  /**
   * The attempt's own folder name: the checkout is then `<root>/<jobId>/<attempt>`, never one a stale attempt
   * still writes in, and the checkouts of earlier attempts on this machine whose process is gone are removed.
   */
  attempt?: string;
  signal?: AbortSignal;
}

async function cloneAndCheckOut(options: PrepareJobWorkspaceOptions & { root: string; repo: string; checkout: string }): Promise<JobWorkspace> {
  const { root, repo, checkout, jobId, signal } = options;
  // --no-local: a local repository is read through git's transport like a remote, so no object file is
  // hardlinked between the job's checkout and the repository it pushes to.
  await workspaceGitOutput(['clone', '--quiet', '--no-checkout', '--no-local', '--', repo, checkout], {
    cwd: root,
    signal,
    timeoutMs: CLONE_TIMEOUT_MS,
    hint: 'check that workspace.repo names a repository this worker can read',
  });
  await saveTrustedGitConfig({ checkout });
  const refs = jobRefs(jobId);
  const found = await findJobCheckpoint({ cwd: checkout, repo, jobId, resumeTurn: options.resumeTurn ?? 0, ...(options.resumeCommit && { resumeCommit: options.resumeCommit }), ...(options.rewoundFrom && { from: options.rewoundFrom }), signal });
  if (found.adopted) {
    // Create-only: an attempt that raced this one pushed the same commits.
    await pushJobRef({ cwd: checkout, repo, commit: found.baseCommit!, ref: refs.base, force: false, signal });
    await pushJobRef({ cwd: checkout, repo, commit: found.commit!, ref: refs.turn(found.turn), force: false, signal });
  }
  let baseCommit = found.baseCommit;
  if (baseCommit === undefined) {
    baseCommit = await resolveBaseCommit({ cwd: checkout, repo, ref: options.spec.ref, signal });
    // Recorded before the agent runs, so every later attempt starts from this commit even if the ref moves.
    await pushJobRef({ cwd: checkout, repo, commit: baseCommit, ref: refs.base, force: false, signal });
  }
  // --force: a --no-checkout clone has no index, which a plain checkout would take for staged deletions.
  await workspaceGitOutput(['checkout', '--quiet', '--force', '--no-track', '-B', refs.branchName, found.commit ?? baseCommit], { cwd: checkout, signal, timeoutMs: TREE_TIMEOUT_MS });
  // The fresh index, before the agent runs: the checkpoints' own index starts from it.
  await prepareRecordingStore({ checkout, seedIndex: path.join(checkout, '.git', 'index') });
  return { path: checkout, jobId, repo, baseCommit, turn: found.turn };
}

/**
 * Makes the checkout of a fleet job at `<root>/<jobId>` (or `<root>/<jobId>/<attempt>`, see `attempt`), holding
 * exactly the files of the transcript's last completed turn. A leftover folder of an earlier attempt on this machine is removed first: it may hold edits
 * of a turn the transcript does not know. Then `repo` is cloned and:
 * - when `resumeTurn` is given, the checkpoint of the highest turn at most `resumeTurn` is checked out
 *   (`turn` says which: the caller compares it with `resumeTurn`);
 * - otherwise, or when no checkpoint fits, the job's base commit: the one an earlier attempt recorded in
 *   `refs/codev/jobs/<jobId>/base`, else `spec.ref` resolved now and recorded there.
 * The checkout is on branch `codev/jobs/<jobId>`. Errors: 'INPUT_INVALID' for a bad job id, repo or ref,
 * 'WORKSPACE_FAILED' with git's stderr for a repository or ref git cannot use, 'TOOL_ABORTED' when `signal`
 * aborts; the folder is removed again on any failure.
 *
 * @example
 * const workspace = await prepareJobWorkspace({ root: '/var/codev/jobs', jobId: job.id, spec: { repo: 'git@host:team/app.git', ref: 'main' } });
 * // run the agent in workspace.path, then after each turn: await checkpointJobWorkspace({ workspace, turn });
 */
export async function prepareJobWorkspace(options: PrepareJobWorkspaceOptions): Promise<JobWorkspace> {
  const jobId = checkJobId(options.jobId);
  const repo = resolveRepository(options.spec.repo);
  const resumeTurn = options.resumeTurn ?? 0;
  if (!Number.isSafeInteger(resumeTurn) || resumeTurn < 0) throw new CodevError('INPUT_INVALID', `resumeTurn ${resumeTurn} is not a turn number`, { field: 'resumeTurn', hint: 'give the last completed turn: 0 or more' });
  const root = await physicalRoot(options.root);
  const folders = options.attempt === undefined ? undefined : attemptFolders(root, jobId, options.attempt);
  const checkout = folders?.checkout ?? path.join(root, jobId);
  try {
    if (folders) {
      await removeDeadAttemptFolders({ job: folders.job, keep: options.attempt! });
      await mkdir(path.dirname(folders.owner), { recursive: true });
      await writeFile(folders.owner, String(process.pid));
    }
    await rm(checkout, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    throw new CodevError('WORKSPACE_FAILED', `could not clear ${checkout} for the job's checkout: ${errorMessage(error)}`, { file: checkout, cause: error, hint: `check that ${root} is writable` });
  }
  try {
    return await cloneAndCheckOut({ ...options, root, repo, checkout });
  } catch (error) {
    await (folders ? removeJobWorkspace({ root, jobId, attempt: options.attempt! }) : rm(checkout, { recursive: true, force: true, maxRetries: 3 })).catch(() => undefined);
    throw error;
  }
}

/**
 * The worker's folder of checkouts, created when missing, by its real path: the tools name the checkout through
 * any symbolic link in the root (as `pwd -P` does), so the checkout the branch check, the moved paths and the
 * denied earlier folders name must be that path too, not the link's.
 */
async function physicalRoot(root: string): Promise<string> {
  const resolved = path.resolve(root);
  try {
    await mkdir(resolved, { recursive: true });
    return await realpath(resolved);
  } catch (error) {
    throw new CodevError('WORKSPACE_FAILED', `could not make the folder of checkouts ${resolved}: ${errorMessage(error)}`, { file: resolved, cause: error, hint: `check that ${resolved} is writable` });
  }
}
