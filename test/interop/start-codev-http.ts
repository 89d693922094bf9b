/** Test-only: `codev mcp serve --transport http` running in the background, for clients that connect to it. */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { removeAtExit } from '../../src/testing/remove-at-exit.ts';
import { BIN } from '../cli/run-codev.ts';

export interface CodevHttpServer {
  /** The URL codev printed (`http://127.0.0.1:<port>/mcp`). */
  url: string;
  /** SIGTERM to the process this started, then its exit. */
  stop(): Promise<void>;
}

const LISTENING_WITHIN_MS = 60_000;

/**
 * Starts `codev mcp serve --transport http --cwd <project> <flags>` (a free port on 127.0.0.1, the token from
 * CODEV_MCP_TOKEN) and resolves with the URL it prints on stderr; rejects with its output if it exits first.
 */
export function startCodevHttp(options: { project: string; token: string; flags?: readonly string[] }): Promise<CodevHttpServer> {
  const home = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-interop-home-')));
  const env = { PATH: process.env.PATH ?? '', HOME: home, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE ?? '', CODEV_MCP_TOKEN: options.token };
  const child = spawn(process.execPath, [BIN, 'mcp', 'serve', '--transport', 'http', '--cwd', options.project, ...(options.flags ?? [])], { cwd: options.project, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`codev mcp serve printed no URL within ${LISTENING_WITHIN_MS} ms:\n${stderr}`));
    }, LISTENING_WITHIN_MS);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /(http:\/\/\S+\/mcp)\b/.exec(stderr)?.[1];
      if (!url) return;
      clearTimeout(timer);
      resolve({ url, stop });
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`codev mcp serve exited before listening:\n${stderr}`));
    });
  });
}
