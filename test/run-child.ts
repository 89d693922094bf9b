/** Test-only: runs a command as a user would in their own project, with a bound on how long it may take. */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface ChildRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr interleaved, for failure messages. */
  output: string;
  ms: number;
}

/**
 * The environment of a user's shell: this process's, without what vitest, npm's own lifecycle (`npm test`
 * exports `npm_config_local_prefix` and friends, which would point a nested npm at this repo) and the repo's
 * test switches (`CODEV_FROM_SOURCE`) put there. npm's cache and registry settings stay.
 */
export function userEnvironment(extra: Record<string, string> = {}): Record<string, string> {
  const kept = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig']);
  const environment: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key.startsWith('VITEST') || key === 'NODE_OPTIONS' || key === 'TEST' || key.startsWith('CODEV_')) continue;
    if (key.toLowerCase().startsWith('npm_') && !kept.has(key.toLowerCase())) continue;
    environment[key] = value;
  }
  return { ...environment, NO_COLOR: '1', CI: '1', ...extra };
}

/**
 * Runs `command args` in `cwd`, asynchronously (a fake server in the test's process must keep answering); killed,
 * and reported as a failure with its output, after `timeoutMs`: a child that does not end on its own is a bug.
 */
export function runChild(command: string, args: readonly string[], options: { cwd: string; timeoutMs: number; env?: Record<string, string> }): Promise<ChildRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? userEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      output += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      const ms = Math.round(performance.now() - started);
      if (timedOut) reject(new Error(`${path.basename(command)} ${args.join(' ')} did not end within ${options.timeoutMs} ms (an open handle?)\nstdout:\n${stdout}\nstderr:\n${stderr}`));
      else resolve({ code, stdout, stderr, output, ms });
    });
  });
}
