import { workspaceGitOutput } from './workspace-git-output.ts';
import { NETWORK_TIMEOUT_MS } from './workspace-timeouts.ts';

/**
 * Pushes `commit` from the checkout at `cwd` to `ref` of `repo`, with no pre-push hook. `force` replaces
 * whatever the ref holds: a job's own refs are rewritten when an attempt redoes a turn a dead one had pushed.
 * `lease` (instead of `force`) replaces it only if it still holds that commit ('' : only if it does not
 * exist), so a push made on an outdated view of the ref fails rather than undoing another attempt's push.
 */
export async function pushJobRef(options: { cwd: string; repo: string; commit: string; ref: string; force: boolean; lease?: string; signal?: AbortSignal }): Promise<void> {
  const refspec = `${options.force && options.lease === undefined ? '+' : ''}${options.commit}:${options.ref}`;
  const lease = options.lease === undefined ? [] : [`--force-with-lease=${options.ref}:${options.lease}`];
  await workspaceGitOutput(['push', '--quiet', '--no-verify', ...lease, options.repo, refspec], {
    cwd: options.cwd,
    signal: options.signal,
    timeoutMs: NETWORK_TIMEOUT_MS,
    hint: `check that this worker may push to ${options.repo} (refs under refs/codev/ and refs/heads/codev/)`,
  });
}
