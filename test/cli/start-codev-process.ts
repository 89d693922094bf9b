/** Test-only: a long-running `codev` (a worker) in a child process, with bounded waits on its output. */
import { spawn, type ChildProcess } from 'node:child_process';
import { BIN, EMPTY_HOME } from './run-codev.ts';

/** A running `codev` child process. */
export interface CodevProcess {
  readonly child: ChildProcess;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Resolves once stderr matches `pattern` `count` times; rejects after `timeoutMs` with what it wrote. */
  waitForStderr(options: { pattern: RegExp; count?: number; timeoutMs: number }): Promise<void>;
  /** Sends `signal` and resolves with the exit code; SIGKILLs it and rejects when it has not exited within `timeoutMs`. */
  stop(options: { signal: NodeJS.Signals; timeoutMs: number }): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** `codev <args>` in `cwd`, with only PATH, an empty HOME and `env` in its environment. */
export function startCodevProcess(options: { args: string[]; cwd: string; env?: Record<string, string | undefined> }): CodevProcess {
  const child = spawn(process.execPath, [BIN, ...options.args], { cwd: options.cwd, env: { PATH: process.env.PATH, HOME: EMPTY_HOME, CODEV_FROM_SOURCE: process.env.CODEV_FROM_SOURCE, ...options.env }, stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  void exited.then(() => running.delete(child));
  return {
    child,
    stderr: () => stderr,
    async waitForStderr({ pattern, count = 1, timeoutMs }) {
      const deadline = Date.now() + timeoutMs;
      const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
      while ((stderr.match(global)?.length ?? 0) < count) {
        if (Date.now() > deadline) throw new Error(`codev ${options.args.join(' ')} did not print ${pattern} ${count} time(s) within ${timeoutMs} ms; stderr:\n${stderr}`);
        if (child.exitCode !== null) throw new Error(`codev ${options.args.join(' ')} exited (${child.exitCode}) before printing ${pattern}; stderr:\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop({ signal, timeoutMs }) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new Error(`codev ${options.args.join(' ')} did not exit within ${timeoutMs} ms of ${signal}; stderr:\n${stderr}`));
        }, timeoutMs);
      });
      try {
        return await Promise.race([exited, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The exit code of a process that is to exit on its own; it is SIGKILLed (null) past `timeoutMs`. */
export async function exitOf(codev: CodevProcess, timeoutMs: number): Promise<number | null> {
  if (codev.child.exitCode !== null) return codev.child.exitCode;
  const exited = new Promise<number | null>((resolve) => codev.child.once('exit', (code) => resolve(code)));
  const timer = setTimeout(() => codev.child.kill('SIGKILL'), timeoutMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** SIGKILLs every process started here that still runs (for an afterEach/afterAll, after a failed test). */
export function killCodevProcesses(): void {
  for (const child of running) child.kill('SIGKILL');
}
