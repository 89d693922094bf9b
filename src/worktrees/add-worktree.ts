import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CodevError } from '../errors/codev-error.ts';
import { WORKTREES_DIRECTORY } from './exclude-worktrees-folder.ts';
import { discardWorktree } from './remove-worktree.ts';
import { isTransientGitFailure, runGit } from '../git/run-git.ts';
import { gitFailure } from './git-failure.ts';
import { runInRepository } from './run-in-repository.ts';
import { pathExists } from '../files/path-exists.ts';

export const ADD_TIMEOUT_MS = 120_000;
export const BRANCH_PREFIX = 'codev/';
const MAX_NAME_ATTEMPTS = 100;
const MAX_TRANSIENT_RETRIES = 10;
const TRANSIENT_RETRY_DELAY_MS = 50;

/** Options of {@link addWorktree}. */
export interface AddWorktreeOptions {
  repoRoot: string;
  /** The repository's common git dir, absolute: the key that serializes additions. */
  commonDir: string;
  baseCommit: string;
  /** Already sanitized. */
  name: string;
  signal?: AbortSignal;
}

const interrupted = () => new CodevError('TOOL_ABORTED', 'creating the agent worktree was interrupted');

async function addWithFreeName(options: AddWorktreeOptions): Promise<{ path: string; branch: string }> {
  const folder = path.join(options.repoRoot, WORKTREES_DIRECTORY);
  // `worktree add` runs the repository's post-checkout hook: for the model, so without codev's credentials.
  const git = { cwd: options.repoRoot, signal: options.signal, timeoutMs: ADD_TIMEOUT_MS, withoutCredentials: true };
  let transientRetries = 0;
  for (let attempt = 1; attempt <= MAX_NAME_ATTEMPTS; ) {
    if (options.signal?.aborted) throw interrupted();
    const name = attempt === 1 ? options.name : `${options.name}-${attempt}`;
    const branch = `${BRANCH_PREFIX}${name}`;
    const worktreePath = path.join(folder, name);
    if (await pathExists(worktreePath, { followLinks: true })) {
      attempt++;
      continue;
    }
    // Create the branch only if it does not exist (old value ""): atomic, so once this succeeds the branch —
    // and the folder of the same name — are this call's, even against another codev process.
    const createArgs = ['update-ref', '-m', 'codev: agent worktree', `refs/heads/${branch}`, options.baseCommit, ''];
    const created = await runGit(createArgs, git);
    if (!created.ok) {
      if (created.aborted) throw interrupted();
      if (/reference already exists/i.test(created.stderr)) {
        attempt++;
        continue;
      }
      throw gitFailure(createArgs, git, created, `a branch that blocks ${BRANCH_PREFIX}* (such as one named "codev") must be renamed`);
    }
    const addArgs = ['worktree', 'add', '--quiet', worktreePath, branch];
    // Not retried by runGit: a failed add may leave a half-made worktree, cleaned up first (below).
    const added = await runGit(addArgs, { ...git, retry: false });
    if (added.ok) return { path: worktreePath, branch };
    await discardWorktree({ repoRoot: options.repoRoot, path: worktreePath, branch, baseCommit: options.baseCommit });
    if (added.aborted) throw interrupted();
    if (!added.timedOut && /already exists|already registered|missing but locked/i.test(added.stderr)) {
      attempt++;
      continue;
    }
    if (!added.timedOut && isTransientGitFailure(added.stderr) && transientRetries < MAX_TRANSIENT_RETRIES) {
      transientRetries++;
      await sleep(TRANSIENT_RETRY_DELAY_MS * transientRetries);
      continue;
    }
    throw gitFailure(addArgs, git, added);
  }
  throw new CodevError('WORKTREE_FAILED', `no free worktree name for "${options.name}" under ${folder} after ${MAX_NAME_ATTEMPTS} tries`, {
    hint: `remove old ones: git worktree list, git worktree remove <path>, git branch -D ${BRANCH_PREFIX}<name>`,
  });
}

/**
 * Creates branch `codev/<name>` at `baseCommit` and checks it out in a new worktree
 * `<repoRoot>/.codev-worktrees/<name>`. When the branch or folder exists — or another process takes it first —
 * tries `<name>-2`, `<name>-3`... Runs one at a time per repository in this process (see
 * {@link runInRepository}); a failed or interrupted add is cleaned up, then retried when the failure was
 * transient, else thrown.
 */
export function addWorktree(options: AddWorktreeOptions): Promise<{ path: string; branch: string }> {
  return runInRepository(options.commonDir, () => addWithFreeName(options));
}
