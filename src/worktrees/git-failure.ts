import { existsSync } from 'node:fs';
import { CodevError } from '../errors/codev-error.ts';
import { GIT_TIMEOUT_MS, type GitResult, type RunGitOptions } from '../git/run-git.ts';

/**
 * The CodevError for a failed git command: 'TOOL_ABORTED' when it was interrupted, else 'WORKTREE_FAILED'
 * naming the command and the folder and carrying git's stderr.
 */
export function gitFailure(args: readonly string[], options: RunGitOptions, result: Extract<GitResult, { ok: false }>, hint?: string): CodevError {
  const command = `git ${args.join(' ')}`;
  if (result.aborted) return new CodevError('TOOL_ABORTED', `${command} was interrupted`);
  if (result.spawnError === 'ENOENT' && !existsSync(options.cwd)) {
    return new CodevError('WORKTREE_FAILED', `cannot run ${command}: ${options.cwd} does not exist`, { file: options.cwd, hint });
  }
  if (result.spawnError === 'ENOENT') {
    return new CodevError('WORKTREE_FAILED', `git was not found on PATH (needed for ${command})`, { hint: 'install git, or drop `isolation: "worktree"`' });
  }
  if (result.timedOut) {
    const seconds = Math.round((options.timeoutMs ?? GIT_TIMEOUT_MS) / 1000);
    return new CodevError('WORKTREE_FAILED', `${command} timed out after ${seconds} s in ${options.cwd}`, { hint: hint ?? 'check that no other git process is stuck on this repository, then try again' });
  }
  const detail = result.stderr.trim() || result.spawnError || `exit code ${result.exitCode ?? 'unknown'}`;
  return new CodevError('WORKTREE_FAILED', `${command} failed in ${options.cwd}: ${detail}`, { hint });
}
