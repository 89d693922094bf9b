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

/** `codev <args>` with only PATH, an empty HOME and `env` in its environment; resolves when it has closed. */
export function runCodev(args: string[], env: Record<string, string | undefined>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
