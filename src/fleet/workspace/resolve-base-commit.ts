import { CodevError } from '../../errors/codev-error.ts';
import { runWorkspaceGit } from './run-workspace-git.ts';
import { workspaceGitFailure } from './workspace-git-failure.ts';
import { NETWORK_TIMEOUT_MS } from './workspace-timeouts.ts';

async function verifyCommit(cwd: string, name: string, signal: AbortSignal | undefined): Promise<string | undefined> {
  const args = ['rev-parse', '--verify', '--quiet', `${name}^{commit}`];
  const result = await runWorkspaceGit(args, { cwd, signal });
  if (result.ok) return result.stdout.trim();
  if (result.aborted || result.timedOut || result.spawnError) throw workspaceGitFailure(args, { cwd }, result);
  return undefined;
}

/**
 * The commit a fresh job starts from, in a fresh clone of `repo`: its `HEAD` when no ref is given, else the
 * ref as a branch of the repository first, then as a tag or commit the clone has, and last fetched by name
 * (a commit no branch reaches, `refs/pull/1/head`). One that names nothing is 'WORKSPACE_FAILED'.
 */
export async function resolveBaseCommit(options: { cwd: string; repo: string; ref: string | undefined; signal?: AbortSignal }): Promise<string> {
  const { cwd, repo, ref, signal } = options;
  if (ref === undefined) {
    const head = await verifyCommit(cwd, 'HEAD', signal);
    if (head) return head;
    throw new CodevError('WORKSPACE_FAILED', `${repo} has no commit to start a job from`, { hint: 'make a first commit in the repository, or name a ref of it' });
  }
  if (ref.startsWith('-')) throw new CodevError('INPUT_INVALID', `"${ref}" is not a ref`, { field: 'workspace.ref', hint: 'name a branch, tag or commit' });
  for (const name of [`refs/remotes/origin/${ref}`, ref]) {
    const commit = await verifyCommit(cwd, name, signal);
    if (commit) return commit;
  }
  const fetchArgs = ['fetch', '--quiet', '--no-tags', repo, ref];
  const fetched = await runWorkspaceGit(fetchArgs, { cwd, signal, timeoutMs: NETWORK_TIMEOUT_MS });
  if (!fetched.ok) throw workspaceGitFailure(fetchArgs, { cwd, timeoutMs: NETWORK_TIMEOUT_MS }, fetched, `name a branch, tag or commit of ${repo} in workspace.ref`);
  const commit = await verifyCommit(cwd, 'FETCH_HEAD', signal);
  if (commit) return commit;
  throw new CodevError('WORKSPACE_FAILED', `"${ref}" of ${repo} is not a commit`, { hint: 'name a branch, tag or commit in workspace.ref' });
}
