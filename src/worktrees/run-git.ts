import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { CodevError } from '../errors/codev-error.ts';

/** The outcome of one git command; a failure carries git's stderr. Never thrown. */
export type GitResult =
  | { ok: true; stdout: string; stderr: string }
  | {
      ok: false;
      stdout: string;
      stderr: string;
      /** git's exit code, when it ran and exited. */
      exitCode?: number;
      /** The spawn error code (`ENOENT` when git is not installed). */
      spawnError?: string;
      timedOut: boolean;
      aborted: boolean;
    };

/** Options of {@link runGit}. */
export interface RunGitOptions {
  cwd: string;
  signal?: AbortSignal;
  /** Kill git after this long; defaults to {@link GIT_TIMEOUT_MS}. */
  timeoutMs?: number;
}

export const GIT_TIMEOUT_MS = 30_000;
const LOCK_RETRIES = 10;
const LOCK_RETRY_DELAY_MS = 40;
/** Variables that would point git at another repository than the one `cwd` is in. */
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_PREFIX', 'GIT_OBJECT_DIRECTORY'];

/** Another git process holds a lock git needs (the index, a ref, the config): worth a short retry. */
function isLockContention(stderr: string): boolean {
  return /\.lock'?:? File exists|index\.lock|is locked|could not lock config file|Another git process seems to be running/i.test(stderr);
}

function gitEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C', LANGUAGE: 'C' };
  for (const name of REPOSITORY_VARIABLES) delete env[name];
  return env;
}

function runGitOnce(args: readonly string[], options: RunGitOptions): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      'git',
      [...args],
      {
        cwd: options.cwd,
        timeout: options.timeoutMs ?? GIT_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
        signal: options.signal,
        windowsHide: true,
        encoding: 'utf8',
        env: gitEnvironment(),
      },
      (error, stdout, stderr) => {
        if (!error) return resolve({ ok: true, stdout, stderr });
        const aborted = options.signal?.aborted === true;
        resolve({
          ok: false,
          stdout,
          stderr,
          exitCode: typeof error.code === 'number' ? error.code : undefined,
          spawnError: typeof error.code === 'string' && error.code !== 'ABORT_ERR' ? error.code : undefined,
          timedOut: error.killed === true && !aborted,
          aborted,
        });
      },
    );
  });
}

/**
 * Runs `git <args>` in `options.cwd` with `execFile` (no shell), no prompts, a timeout and git's messages in
 * English. A failure caused by another git process holding a lock (two worktrees added at once) is retried
 * briefly. Never throws: see {@link gitFailure} to turn a failed result into an error.
 */
export async function runGit(args: readonly string[], options: RunGitOptions): Promise<GitResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await runGitOnce(args, options);
    if (result.ok || attempt > LOCK_RETRIES || result.aborted || !isLockContention(result.stderr)) return result;
    try {
      await sleep(LOCK_RETRY_DELAY_MS * attempt + Math.floor(Math.random() * LOCK_RETRY_DELAY_MS), undefined, { signal: options.signal });
    } catch {
      return { ...result, aborted: true };
    }
  }
}

/**
 * The CodevError for a failed git command: 'TOOL_ABORTED' when it was interrupted, else 'WORKTREE_FAILED'
 * naming the command and the folder and carrying git's stderr.
 */
export function gitFailure(args: readonly string[], options: RunGitOptions, result: Extract<GitResult, { ok: false }>, hint?: string): CodevError {
  const command = `git ${args.join(' ')}`;
  if (result.aborted) return new CodevError('TOOL_ABORTED', `${command} was interrupted`);
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
