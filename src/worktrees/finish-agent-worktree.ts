import { runGit, type RunGitOptions } from '../git/run-git.ts';
import { gitFailure } from './git-failure.ts';
import { findCommonDir } from './find-common-dir.ts';
import { removeWorktree } from './remove-worktree.ts';
import type { AgentWorktree, FinishedAgentWorktree } from './types.ts';

async function gitOutput(args: readonly string[], options: RunGitOptions): Promise<string> {
  const result = await runGit(args, options);
  if (!result.ok) throw gitFailure(args, options, result);
  return result.stdout;
}

/** The paths of `git status --porcelain -z`, both sides of a rename or copy. */
function parseStatusPaths(stdout: string): string[] {
  const entries = stdout.split('\0');
  const paths: string[] = [];
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    if (!entry) continue;
    paths.push(entry.slice(3));
    const origin = entries[index + 1];
    if ((entry[0] === 'R' || entry[0] === 'C') && origin) {
      paths.push(origin);
      index++;
    }
  }
  return paths;
}

/**
 * Ends an agent's worktree. Untouched — no uncommitted change (untracked files included), `HEAD` and the
 * branch still at the base commit — it is removed with its branch: `{ kept: false }`. Otherwise it is kept
 * for the user to review or merge, with the files changed since the base commit and the number of new
 * commits. Errors are 'WORKTREE_FAILED' with git's stderr. Takes no signal: it runs as the agent ends,
 * interrupted or not.
 */
export async function finishAgentWorktree(worktree: AgentWorktree): Promise<FinishedAgentWorktree> {
  // The worktree is the agent's: `status` there may run the filters its attributes name.
  const git = { cwd: worktree.path, withoutCredentials: true };
  const { baseCommit: base, path, branch } = worktree;
  const status = await gitOutput(['status', '--porcelain=v1', '-z', '--untracked-files=all'], git);
  const head = (await gitOutput(['rev-parse', '--verify', 'HEAD^{commit}'], git)).trim();
  const tipResult = await runGit(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}^{commit}`], git);
  const tip = tipResult.ok ? tipResult.stdout.trim() : undefined;
  const uncommitted = parseStatusPaths(status);

  if (uncommitted.length === 0 && head === base && (tip === undefined || tip === base)) {
    await removeWorktree({ repoRoot: worktree.repoRoot, commonDir: await findCommonDir(path), path, branch, branchTip: tip });
    return { kept: false, path, branch, changedFiles: [], commits: 0 };
  }

  const tips = tip === undefined || tip === head ? [head] : [head, tip];
  const commits = Number.parseInt(await gitOutput(['rev-list', '--count', ...tips, `^${base}`], git), 10) || 0;
  const committed = (await gitOutput(['diff', '--name-only', '-z', '--no-renames', base, head], git)).split('\0').filter(Boolean);
  const changedFiles = [...new Set([...committed, ...uncommitted])].sort();
  return { kept: true, path, branch, changedFiles, commits };
}
