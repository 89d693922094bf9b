import { checkJobId } from './check-job-id.ts';
import { jobRefs } from './job-refs.ts';
import { runWorkspaceGit } from './run-workspace-git.ts';
import { workspaceGitOutput } from './workspace-git-output.ts';
import { NETWORK_TIMEOUT_MS } from './workspace-timeouts.ts';

/**
 * Fetches into the clone at `cwd` what job `from` (the job a rewound job started from) left in `repo`: its
 * hidden refs, and its result branch, which holds its turns' commits once it completed (its hidden refs are
 * deleted then). Returns the base commit of `commit` (its `Codev-Base:` trailer, else `from`'s base ref,
 * else the commit itself), or undefined when the repository no longer holds `commit` (the old job was
 * cleaned, its branch deleted, or its agent rewrote history). `WORKSPACE_FAILED` when `repo` cannot be read.
 */
export async function fetchRewoundCheckpoint(options: { cwd: string; repo: string; from: string; commit: string; signal?: AbortSignal }): Promise<{ baseCommit: string } | undefined> {
  const { cwd, signal } = options;
  const refs = jobRefs(checkJobId(options.from));
  const git = { cwd, signal, timeoutMs: NETWORK_TIMEOUT_MS };
  // Each on its own: a branch that is not there fails its fetch, and the refs may be there without it. A pattern
  // that matches no ref fetches nothing and succeeds: its failure is the repository out of reach, a failure for
  // now (WORKSPACE_FAILED, retried), never a checkpoint that is gone.
  await workspaceGitOutput(['fetch', '--quiet', '--no-tags', options.repo, `+${refs.namespace}*:${refs.namespace}*`], { ...git, hint: `check that this worker can read ${options.repo}` });
  await runWorkspaceGit(['fetch', '--quiet', '--no-tags', options.repo, `+${refs.branch}:refs/codev/rewound/${options.from}`], git);
  const known = await runWorkspaceGit(['cat-file', '-e', `${options.commit}^{commit}`], { cwd, signal });
  if (!known.ok) return undefined;
  const message = await runWorkspaceGit(['show', '--no-patch', '--format=%B', options.commit], { cwd, signal });
  const trailer = /^Codev-Base: ([0-9a-f]{40,64})$/m.exec(message.stdout)?.[1];
  for (const base of [trailer, refs.base]) {
    if (base === undefined) continue;
    const resolved = await runWorkspaceGit(['rev-parse', '--verify', '--quiet', `${base}^{commit}`], { cwd, signal });
    if (resolved.ok) return { baseCommit: resolved.stdout.trim() };
  }
  return { baseCommit: options.commit };
}
