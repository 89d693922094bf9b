import { runWorkspaceGit } from './run-workspace-git.ts';
import { workspaceGitOutput } from './workspace-git-output.ts';
import { TREE_TIMEOUT_MS } from './workspace-timeouts.ts';

/**
 * Commits every file of the checkout at `cwd` (tracked, new, deleted; ignored ones left out) on top of its
 * `HEAD`, which moves to the new commit, and returns it. Nothing changed: no commit, `HEAD` is returned.
 * Built with plumbing (`write-tree`, `commit-tree`, `update-ref`) so no commit hook, template or message
 * cleanup of the checkout's config applies.
 */
export async function commitCheckout(options: { cwd: string; message: string[]; signal?: AbortSignal }): Promise<string> {
  const git = { cwd: options.cwd, signal: options.signal };
  await workspaceGitOutput(['add', '--all', '--', '.'], { ...git, timeoutMs: TREE_TIMEOUT_MS });
  const tree = (await workspaceGitOutput(['write-tree'], { ...git, timeoutMs: TREE_TIMEOUT_MS })).trim();
  // The agent may have left HEAD unborn (`git checkout --orphan`): the commit then has no parent.
  const headResult = await runWorkspaceGit(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], git);
  const head = headResult.ok ? headResult.stdout.trim() : undefined;
  if (head !== undefined && (await workspaceGitOutput(['rev-parse', `${head}^{tree}`], git)).trim() === tree) return head;
  const messages = options.message.flatMap((paragraph) => ['-m', paragraph]);
  const parents = head === undefined ? [] : ['-p', head];
  const commit = (await workspaceGitOutput(['commit-tree', '--no-gpg-sign', ...parents, ...messages, tree], git)).trim();
  await workspaceGitOutput(['update-ref', '-m', options.message[0] ?? 'codev checkpoint', 'HEAD', commit, head ?? ''], git);
  return commit;
}
