import { execFile } from 'node:child_process';
import { CodevError } from '../errors/codev-error.ts';

/** Runs git (no shell) in `cwd`; rejects with `WORKTREE_FAILED` carrying git's stderr. */
export function gitCommand(options: { cwd: string; args: readonly string[]; signal?: AbortSignal }): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('git', [...options.args], { cwd: options.cwd, signal: options.signal, timeout: 30_000, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' }, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout.trim());
      reject(new CodevError('WORKTREE_FAILED', `git ${options.args.join(' ')} failed in ${options.cwd}: ${(stderr || error.message).trim()}`, { cause: error }));
    });
  });
}
