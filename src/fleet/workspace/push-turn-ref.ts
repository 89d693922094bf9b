import { CodevError } from '../../errors/codev-error.ts';
import { pushJobRef } from './push-job-ref.ts';
import { runWorkspaceGit } from './run-workspace-git.ts';
import { NETWORK_TIMEOUT_MS } from './workspace-timeouts.ts';

/**
 * Pushes a turn's checkpoint to its hidden ref, leased against the value this checkout last saw there (its
 * clone fetched the job's refs; each of its own pushes is recorded locally): an attempt never overwrites a
 * push it has not seen. When the lease fails (another attempt pushed meanwhile), `beforePush` is asked again
 * (it throws when this attempt lost its job's lock) and the push is retried once against the ref's new value:
 * only the attempt holding the lock overwrites. `beforePush` runs right before every push.
 */
export async function pushTurnRef(options: { cwd: string; repo: string; commit: string; ref: string; beforePush?: () => Promise<void>; signal?: AbortSignal }): Promise<void> {
  const { cwd, ref, signal } = options;
  for (let round = 1; ; round++) {
    await options.beforePush?.();
    const seen = await runWorkspaceGit(['rev-parse', '--verify', '--quiet', ref], { cwd, signal });
    try {
      await pushJobRef({ cwd, repo: options.repo, commit: options.commit, ref, force: true, lease: seen.ok ? seen.stdout.trim() : '', signal });
      break;
    } catch (error) {
      if (round > 1 || !CodevError.isInstance(error) || !/stale info|rejected/.test(error.message)) throw error;
      const fetched = await runWorkspaceGit(['fetch', '--quiet', '--no-tags', options.repo, `+${ref}:${ref}`], { cwd, signal, timeoutMs: NETWORK_TIMEOUT_MS });
      if (!fetched.ok) await runWorkspaceGit(['update-ref', '-d', ref], { cwd, signal });
    }
  }
  await runWorkspaceGit(['update-ref', ref, options.commit], { cwd, signal });
}
