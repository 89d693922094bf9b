/** Test-only: the real `codev ui` (bin/codev.mjs) in a child process, and the URL it prints (with its token). */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { BIN, EMPTY_HOME } from '../../cli/run-codev.ts';

/** The built page the server serves (npm run build writes it; vitest's npm test builds first). */
export const PAGE_DIRECTORY = process.env.CODEV_UI_PAGE_DIR ?? path.resolve(import.meta.dirname, '../../../dist/ui/page');

/** A running `codev ui`. */
export interface CodevUi {
  child: ChildProcess;
  /** The URL it printed, token included (`http://127.0.0.1:PORT/?token=...`). */
  url: string;
  /** `http://127.0.0.1:PORT`. */
  origin: string;
  stderr(): string;
  /** SIGTERM, then waits for its exit (SIGKILL past 10 s); resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** codev ui runs from src/ (CODEV_FROM_SOURCE): its first start compiles the sources, slow on a loaded machine. */
const STARTS_WITHIN_MS = 150_000;

const URL_PATTERN = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+\/\S*token=[A-Za-z0-9._~-]+/;

/** Starts `codev ui --cwd <project> --port 0 ` and resolves once it printed its URL (bounded: STARTS_WITHIN_MS). */
export async function startCodevUi(options: { project: string; env?: Record<string, string | undefined>; args?: string[] }): Promise<CodevUi> {
  const child = spawn(process.execPath, [BIN, 'ui', '--cwd', options.project, '--port', '0', ...(options.args ?? [])], {
    cwd: options.project,
    env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE ?? '1', CODEV_UI_PAGE_DIR: PAGE_DIRECTORY, BROWSER: 'none', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => {
    stderr += chunk;
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + STARTS_WITHIN_MS;
  let match: RegExpMatchArray | null = null;
  while (!(match = output.match(URL_PATTERN))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`codev ui exited (${child.exitCode ?? child.signalCode}) before printing its URL:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`codev ui printed no URL within ${STARTS_WITHIN_MS} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const url = match[0];
  return {
    child,
    url,
    origin: new URL(url).origin,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
