import { spawn } from 'node:child_process';
import { checkpointFailed } from './checkpoint-failed.ts';
import { checkpointGitEnvironment, isolatedArguments } from './checkpoint-git-environment.ts';

/** One git command on the store. */
export interface CheckpointGitCommand {
  store: string;
  args: readonly string[];
  /** The work tree, for commands that read files. */
  root?: string;
  /** The index file, for commands that use one. */
  index?: string;
  /** The ignore file besides the roots' `.gitignore` files (the user's `info/exclude`). */
  excludesFile?: string;
  input?: Buffer | string;
  signal?: AbortSignal;
  /** Exit codes that are not failures (`diff --quiet` style commands). */
  okExitCodes?: readonly number[];
  /** Kill git after this long; default {@link CHECKPOINT_GIT_TIMEOUT_MS}. */
  timeoutMs?: number;
}

/** Long enough for a first recording of a large root (every file hashed), short of a hang. */
export const CHECKPOINT_GIT_TIMEOUT_MS = 10 * 60_000;

/** Runs git on the checkpoint store, isolated from every config but its own settings; stdout as bytes. `CHECKPOINT_FAILED` with git's stderr. */
export function runCheckpointGit(command: CheckpointGitCommand): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', isolatedArguments(command.args, command.excludesFile), {
      cwd: command.root ?? command.store,
      env: checkpointGitEnvironment(command),
      stdio: ['pipe', 'pipe', 'pipe'],
      signal: command.signal,
      windowsHide: true,
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), command.timeoutMs ?? CHECKPOINT_GIT_TIMEOUT_MS);
    timer.unref();
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin.on('error', () => {});
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (error.code === 'ENOENT') {
        reject(checkpointFailed('Checkpoints need git, and git was not found on the PATH.', { hint: 'Install git (https://git-scm.com/downloads) or turn checkpoints off.', cause: error }));
      } else reject(checkpointFailed(`git ${command.args[0]} could not run: ${error.message}`, { cause: error }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 || (code !== null && command.okExitCodes?.includes(code))) return resolve(Buffer.concat(stdout));
      const words = Buffer.concat(stderr).toString('utf8').trim();
      reject(checkpointFailed(`git ${command.args[0]} failed on the checkpoint store ${command.store}${code === null ? ' (killed)' : ` (exit ${code})`}: ${words || 'no message'}`));
    });
    child.stdin.end(command.input ?? '');
  });
}
