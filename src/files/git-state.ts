import path from 'node:path';
import { runGit } from '../git/run-git.ts';

/** The git state of a file after a write. Absent (undefined) when the file is not inside a work tree. */
export interface GitDiffState {
  tracked: boolean;
  repoRoot?: string;
  /** `git diff --no-color -- <file>` (working tree against the index), capped. */
  diff?: string;
  /** True when `diff` was cut at the cap. */
  truncated?: boolean;
}

export const MAX_GIT_DIFF_CHARS = 20_000;

function git(args: readonly string[], cwd: string, signal?: AbortSignal): Promise<{ ok: true; stdout: string } | { ok: false }> {
  // A read-only query after a write: short, no retries, and never take the index lock.
  return runGit(args, { cwd, signal, timeoutMs: 3_000, retry: false, maxBuffer: 4 * 1024 * 1024, environment: { GIT_OPTIONAL_LOCKS: '0' } });
}

/**
 * The git state of `filePath` (absolute, real): undefined outside a work tree (or when git is missing or
 * slow), `{ tracked: false, repoRoot }` for an untracked file, and the capped diff for a tracked one.
 * Never throws.
 */
export async function getGitDiffState(filePath: string, options: { signal?: AbortSignal } = {}): Promise<GitDiffState | undefined> {
  const top = await git(['rev-parse', '--show-toplevel'], path.dirname(filePath), options.signal);
  if (!top.ok) return undefined;
  const repoRoot = top.stdout.trim();
  if (!repoRoot) return undefined;
  const tracked = await git(['ls-files', '--error-unmatch', '--', filePath], repoRoot, options.signal);
  if (!tracked.ok) return { tracked: false, repoRoot };
  const diff = await git(['-c', 'core.quotepath=off', 'diff', '--no-color', '--no-ext-diff', '--', filePath], repoRoot, options.signal);
  if (!diff.ok) return { tracked: true, repoRoot };
  if (diff.stdout.length <= MAX_GIT_DIFF_CHARS) return { tracked: true, repoRoot, diff: diff.stdout };
  return { tracked: true, repoRoot, diff: diff.stdout.slice(0, MAX_GIT_DIFF_CHARS), truncated: true };
}
