import { readLastCheckpoint, writeLastCheckpoint } from './last-checkpoint.ts';
import { recordCheckout } from './record-checkout.ts';
import { runWorkspaceGit } from './run-workspace-git.ts';
import { workspaceGitOutput } from './workspace-git-output.ts';

/**
 * Commits every file of the checkout at `cwd` (tracked, new, deleted; ignored ones left out; recorded by
 * `recordCheckout`, never through the agent's index) and returns the commit, leaving the agent's git state as
 * it was: its index, `HEAD` and branches are not touched. The commits of a checkout follow each other: the
 * first one's parent is the checkout's `HEAD`, each later one's the one before, with the agent's `HEAD` as a
 * second parent when the agent moved it since (its own commits stay reachable). Nothing changed (same files,
 * same `HEAD`): no commit, the last one is returned (`HEAD` before the first). Built with plumbing
 * (`commit-tree`) so no commit hook, template or message cleanup of the checkout's config applies.
 */
export async function commitCheckout(options: { cwd: string; message: string[]; signal?: AbortSignal }): Promise<string> {
  const git = { cwd: options.cwd, signal: options.signal };
  const tree = await recordCheckout({ checkout: options.cwd, ...(options.signal && { signal: options.signal }) });
  // The agent may have left HEAD unborn (`git checkout --orphan`): the commit then has no parent but the last one.
  const headResult = await runWorkspaceGit(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], git);
  const head = headResult.ok ? headResult.stdout.trim() : undefined;
  const last = (await readLastCheckpoint(options.cwd)) ?? (head === undefined ? undefined : { commit: head, tree: (await workspaceGitOutput(['rev-parse', `${head}^{tree}`], git)).trim(), head });
  if (last !== undefined && last.tree === tree && last.head === head) return last.commit;
  const parents = [...(last ? [last.commit] : []), ...(head !== undefined && head !== last?.head && head !== last?.commit ? [head] : [])];
  const messages = options.message.flatMap((paragraph) => ['-m', paragraph]);
  const commit = (await workspaceGitOutput(['commit-tree', '--no-gpg-sign', ...parents.flatMap((parent) => ['-p', parent]), ...messages, tree], git)).trim();
  await writeLastCheckpoint(options.cwd, { commit, tree, head });
  return commit;
}
