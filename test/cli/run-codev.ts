/** Test-only: runs the real CLI (bin/codev.mjs) in a child process. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../bin/codev.mjs');

/** An empty home folder, so that the developer's own ~/.codev (instructions, settings) never reaches a test. */
export const EMPTY_HOME = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-home-')));

/** How a finished process ended and what it wrote. */
export interface ProcessRun {
  /** null when it was killed (SIGKILLed past its bound). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `command <args>` in `cwd` with only PATH, an empty HOME, CODEV_FROM_SOURCE and `env` in its environment;
 * resolves when it has closed. Past `timeoutMs` (when given) it is SIGKILLed, and its code is null.
 */
export function runProcess(options: { command: string; args: readonly string[]; cwd?: string; env: Record<string, string | undefined>; timeoutMs?: number }): Promise<ProcessRun> {
  return new Promise((resolve) => {
    const child = spawn(options.command, options.args, { cwd: options.cwd, env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `codev <args>` with only PATH, an empty HOME and `env` in its environment; resolves when it has closed. */
export function runCodev(args: string[], env: Record<string, string | undefined>): Promise<ProcessRun> {
  return runProcess({ command: process.execPath, args: [BIN, ...args], env });
}
