import { workspaceGitOutput } from './workspace-git-output.ts';
import { NETWORK_TIMEOUT_MS } from './workspace-timeouts.ts';

/**
 * Pushes `commit` from the checkout at `cwd` to `ref` of `repo`, with no pre-push hook. `force` replaces
 * whatever the ref holds: a job's own refs are rewritten when an attempt redoes a turn a dead one had pushed.
 */
export async function pushJobRef(options: { cwd: string; repo: string; commit: string; ref: string; force: boolean; signal?: AbortSignal }): Promise<void> {
  const refspec = `${options.force ? '+' : ''}${options.commit}:${options.ref}`;
  await workspaceGitOutput(['push', '--quiet', '--no-verify', options.repo, refspec], {
    cwd: options.cwd,
    signal: options.signal,
    timeoutMs: NETWORK_TIMEOUT_MS,
    hint: `check that this worker may push to ${options.repo} (refs under refs/codev/ and refs/heads/codev/)`,
  });
}
