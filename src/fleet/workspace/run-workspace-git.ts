import { runGit, type GitResult, type RunGitOptions } from '../../git/run-git.ts';

/**
 * Settings no config of the checkout can change: the agent may have written hooks, a signing key or a
 * filesystem monitor command, and these commands run outside its sandbox. Line endings are kept as stored, so
 * a checkpoint's tree is the same bytes on every worker. No background gc, which would race the folder's removal.
 */
const PINNED_CONFIG = [
  'core.hooksPath=/dev/null',
  'core.fsmonitor=false',
  'core.autocrlf=false',
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  'push.gpgSign=false',
  'protocol.ext.allow=never',
  // Never into a submodule: its config is the repository's or the agent's, and a .gitmodules git rejects would fail the fetch.
  'submodule.recurse=false',
  'fetch.recurseSubmodules=false',
  'push.recurseSubmodules=no',
  'gc.auto=0',
  'maintenance.auto=false',
  'advice.detachedHead=false',
];

/** Commits of every worker carry the same identity, whatever the machine's git config says. */
const IDENTITY = { GIT_AUTHOR_NAME: 'codev', GIT_AUTHOR_EMAIL: 'codev@localhost', GIT_COMMITTER_NAME: 'codev', GIT_COMMITTER_EMAIL: 'codev@localhost' };

/**
 * Runs `git <args>` for a job workspace through {@link runGit} (bounded, no prompt, never throws), with the
 * {@link PINNED_CONFIG} overrides in front and codev's identity.
 */
export function runWorkspaceGit(args: readonly string[], options: RunGitOptions): Promise<GitResult> {
  const pinned = PINNED_CONFIG.flatMap((setting) => ['-c', setting]);
  return runGit([...pinned, ...args], { ...options, environment: { ...IDENTITY, ...options.environment } });
}
