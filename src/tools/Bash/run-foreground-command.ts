import type { CodevError } from '../../errors/codev-error.ts';
import type { EnvironmentPolicy } from '../../processes/environment-policy.ts';
import type { BashProgress, OnProgress } from '../../progress/types.ts';
import { startShellProcess, type ShellIsolation } from '../../tasks/start-shell-process.ts';
import { OutputCollector, type CollectedOutput } from './collect-output.ts';

/** When the first progress report is sent, and how often after it. */
export const PROGRESS_DELAY_MS = 2_000;
export const PROGRESS_INTERVAL_MS = 1_000;

/** How a foreground command ended. */
export interface ForegroundResult extends CollectedOutput {
  exitCode: number;
  interrupted: boolean;
  timedOut: boolean;
  /** Set when the command was killed (timeout, interrupt, output cap) and some of its processes survived. */
  killError?: CodevError;
}

/**
 * Runs one command to its end: kills its process tree at `timeoutMs` or when `signal` aborts (and returns
 * only once the tree is gone, or with `killError` naming what survived), and reports
 * `bash_progress` (the last lines, totals, elapsed time) after 2 s and every second after that. Output past
 * a few hundred KiB is streamed to `outputPath` (see {@link OutputCollector}); past `maxOutputBytes` (default
 * `CODEV_BASH_MAX_OUTPUT_BYTES` or 1 GiB) writing stops and the process tree is killed.
 */
export async function runForegroundCommand(options: {
  command: string;
  cwd: string;
  isolation: ShellIsolation;
  /** Which of codev's environment variables the command receives (see `commandEnvironment`). */
  environment?: EnvironmentPolicy;
  sessionDirectory: string;
  timeoutMs: number;
  signal: AbortSignal;
  onProgress: OnProgress<BashProgress>;
  /** Where the whole output goes once it is too big to keep in memory. */
  outputPath?: string;
  maxOutputBytes?: number;
}): Promise<ForegroundResult> {
  const startedAt = Date.now();
  const shell = startShellProcess({ command: options.command, cwd: options.cwd, isolation: options.isolation, environment: options.environment, sessionDirectory: options.sessionDirectory });
  const pipes = [shell.child.stdout, shell.child.stderr];
  const output = new OutputCollector({
    outputPath: options.outputPath,
    maxBytes: options.maxOutputBytes,
    pause: () => pipes.forEach((pipe) => pipe?.pause()),
    resume: () => pipes.forEach((pipe) => pipe?.resume()),
  });
  let timedOut = false;
  let interrupted = false;
  let killing: Promise<CodevError | undefined> | undefined;
  const kill = () => (killing ??= shell.kill());
  const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
    if (!output.add(stream, chunk)) void kill();
  };
  shell.child.stdout?.on('data', onData('stdout'));
  shell.child.stderr?.on('data', onData('stderr'));
  const onAbort = () => {
    interrupted = true;
    void kill();
  };
  if (options.signal.aborted) onAbort();
  else options.signal.addEventListener('abort', onAbort, { once: true });
  const timeout = setTimeout(() => {
    timedOut = true;
    void kill();
  }, options.timeoutMs);
  const report = () =>
    options.onProgress({
      type: 'bash_progress',
      output: output.lastLines(5),
      partialLine: output.endsMidLine(),
      fullOutput: output.totalBytes <= 10_000 ? output.fullText() : undefined,
      elapsedTimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      totalLines: output.totalLines,
      totalBytes: output.totalBytes,
      timeoutMs: options.timeoutMs,
    });
  let interval: NodeJS.Timeout | undefined;
  const firstReport = setTimeout(() => {
    report();
    interval = setInterval(report, PROGRESS_INTERVAL_MS);
  }, PROGRESS_DELAY_MS);
  try {
    const exit = await shell.exited;
    const killError = await killing;
    const exitCode = exit.exitCode ?? (exit.signal ? 128 + signalNumber(exit.signal) : 1);
    return { ...(await output.finish()), exitCode, interrupted, timedOut, ...(killError ? { killError } : {}) };
  } finally {
    clearTimeout(timeout);
    clearTimeout(firstReport);
    clearInterval(interval);
    options.signal.removeEventListener('abort', onAbort);
  }
}

function signalNumber(signal: NodeJS.Signals): number {
  return ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 } as Record<string, number>)[signal] ?? 0;
}
