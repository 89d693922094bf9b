import { execFile } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { commandEnvironment } from '../processes/command-environment.ts';

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
  /** Retry a {@link isTransientGitFailure transient} failure briefly; default true. Off for commands unsafe to repeat. */
  retry?: boolean;
  /**
   * Extra environment variables for git (such as `GIT_OPTIONAL_LOCKS: '0'` for a read-only query). They may name
   * a repository (`GIT_DIR`, `GIT_INDEX_FILE`...): only the ones inherited from codev's environment are dropped.
   */
  environment?: Record<string, string>;
  /** Largest stdout accepted, in bytes; default 16 MiB. */
  maxBuffer?: number;
  /**
   * Start git from codev's environment less its credentials (see `commandEnvironment`), for a command that
   * may run the repository's hooks or filters for the model (an agent's worktree) and needs no network.
   */
  withoutCredentials?: boolean;
}

export const GIT_TIMEOUT_MS = 30_000;
const RETRIES = 10;
const RETRY_DELAY_MS = 40;
/** Variables that would point git at another repository than the one `cwd` is in. */
const REPOSITORY_VARIABLES = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_COMMON_DIR', 'GIT_PREFIX', 'GIT_OBJECT_DIRECTORY'];

const TRANSIENT_FAILURES = [
  // Another git process holds a lock git needs: the index, a ref, packed-refs, the config.
  /\.lock'?:? File exists|index\.lock|is locked|could not lock config file|Another git process seems to be running/i,
  // git listed the worktrees while a sibling was being added or removed (`branch -D`, `worktree add/remove` do).
  /(failed to read|unable to read|Invalid path)[^\n]*worktrees\//i,
];

/** A failure caused by another git process working on the same repository at that moment: worth a short retry. */
export function isTransientGitFailure(stderr: string): boolean {
  return TRANSIENT_FAILURES.some((pattern) => pattern.test(stderr));
}

function gitEnvironment(extra: Record<string, string> = {}, withoutCredentials = false): NodeJS.ProcessEnv {
  const inherited: NodeJS.ProcessEnv = { ...(withoutCredentials ? commandEnvironment() : process.env) };
  // Only the inherited ones go: a caller that names its own repository or index (the checkpoint store) keeps them.
  for (const name of REPOSITORY_VARIABLES) delete inherited[name];
  return { ...inherited, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', LC_ALL: 'C', LANGUAGE: 'C', ...extra };
}

function runGitOnce(args: readonly string[], options: RunGitOptions): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      'git',
      [...args],
      {
        cwd: options.cwd,
        timeout: options.timeoutMs ?? GIT_TIMEOUT_MS,
        maxBuffer: options.maxBuffer ?? 16 * 1024 * 1024,
        signal: options.signal,
        windowsHide: true,
        encoding: 'utf8',
        env: gitEnvironment(options.environment, options.withoutCredentials),
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
 * English. A transient failure (another git process holds a lock or is adding a worktree) is retried
 * briefly. Never throws: callers turn a failed result into their own error.
 */
export async function runGit(args: readonly string[], options: RunGitOptions): Promise<GitResult> {
  for (let attempt = 1; ; attempt++) {
    const result = await runGitOnce(args, options);
    if (result.ok || options.retry === false || attempt > RETRIES || result.aborted || !isTransientGitFailure(result.stderr)) return result;
    try {
      await sleep(RETRY_DELAY_MS * attempt + Math.floor(Math.random() * RETRY_DELAY_MS), undefined, { signal: options.signal });
    } catch {
      return { ...result, aborted: true };
    }
  }
}
