import { spawn } from 'node:child_process';

/** Default limits of one ripgrep run. */
export const RIPGREP_TIMEOUT_MS = 20_000;
export const RIPGREP_MAX_OUTPUT_BYTES = 32 * 1024 * 1024;

/** What one run produced. `exitCode` 0 = matches, 1 = no matches, 2 = error (ripgrep's convention). */
export interface RipgrepRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Output passed `maxOutputBytes`: the process was stopped and `stdout` ends at the last complete line. */
  truncated: boolean;
  timedOut: boolean;
}

/**
 * Runs ripgrep without a shell: `args` go to the binary as they are (after `--no-config`, so a user's
 * RIPGREP_CONFIG_PATH cannot change the output format). The process is killed on timeout, on abort and when
 * stdout passes `maxOutputBytes`. Rejects only when the binary cannot start or the signal aborts.
 */
export function runRipgrep(options: {
  command: string;
  args: readonly string[];
  cwd: string;
  signal?: AbortSignal;
  timeoutMs?: number;
  maxOutputBytes?: number;
}): Promise<RipgrepRun> {
  const { command, args, cwd, signal } = options;
  const timeoutMs = options.timeoutMs ?? RIPGREP_TIMEOUT_MS;
  const maxOutputBytes = options.maxOutputBytes ?? RIPGREP_MAX_OUTPUT_BYTES;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError(signal));
    const child = spawn(command, ['--no-config', ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true, shell: false });
    const chunks: Buffer[] = [];
    const errors: Buffer[] = [];
    let bytes = 0;
    let errorBytes = 0;
    let truncated = false;
    let timedOut = false;
    let aborted = false;
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(() => {
      timedOut = true;
      stop();
    }, timeoutMs);
    const onAbort = () => {
      aborted = true;
      stop();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => {
      if (truncated) return;
      if (bytes + chunk.length > maxOutputBytes) {
        chunks.push(chunk.subarray(0, maxOutputBytes - bytes));
        truncated = true;
        stop();
        return;
      }
      bytes += chunk.length;
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (errorBytes < 64 * 1024) errors.push(chunk);
      errorBytes += chunk.length;
    });
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.on('error', (error) => {
      cleanup();
      reject(error);
    });
    child.on('close', (code) => {
      cleanup();
      if (aborted && signal) return reject(abortError(signal));
      let stdout = Buffer.concat(chunks).toString('utf8');
      if (truncated || timedOut) {
        // Keep whole records only: a cut line would be a half path or half a JSON object.
        const end = Math.max(stdout.lastIndexOf('\n'), stdout.lastIndexOf('\0'));
        stdout = end >= 0 ? stdout.slice(0, end + 1) : '';
      }
      resolve({ exitCode: code, stdout, stderr: Buffer.concat(errors).toString('utf8'), truncated, timedOut });
    });
  });
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason;
  if (reason instanceof Error) return reason;
  const error = new Error('The search was aborted');
  error.name = 'AbortError';
  return error;
}
