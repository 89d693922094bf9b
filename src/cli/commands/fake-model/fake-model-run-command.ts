import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { createCodevShim } from './fake-model-codev-shim.ts';
import { watchForOrphans } from './fake-model-orphan-watchdog.ts';
import type { StopSignal } from '../listen-for-stop-signals.ts';
import type { CommandIo } from '../types.ts';

/** How long a command has to end after a stop signal was passed on to it, before it is killed. */
export const CHILD_STOP_GRACE_MS = 10_000;
/** The key the command gets: the fake server checks none, but the SDK wants one. */
export const FAKE_API_KEY = 'fake-key';

/**
 * Runs `command` (no shell; stdio inherited) with `ANTHROPIC_BASE_URL=url` and `ANTHROPIC_API_KEY=fake-key`
 * in its environment, and resolves with its exit code: its own, 128 + n when signal n ended it, 127 when it
 * cannot be found (126 when it cannot be run). `codev` in it, and in what it starts, is the running codev
 * (`createCodevShim`, first in its PATH).
 *
 * Stopping: on a terminal (stdin a TTY) the command stays in codev's process group, so that it can read the
 * terminal and gets Ctrl-C from it directly; codev passes on only SIGTERM. Off a terminal the command gets a
 * process group of its own and codev passes SIGINT and SIGTERM to the whole group. A command still running
 * `CHILD_STOP_GRACE_MS` after that, or when codev is told to stop twice (or exits), is killed (its group
 * with SIGKILL), so that nothing is left behind; off a terminal a watchdog kills the group even when codev
 * itself is killed with SIGKILL (`watchForOrphans`).
 */
export function runFakeModelCommand(options: { command: readonly string[]; url: string; cwd: string; io: CommandIo }): Promise<number> {
  const { io } = options;
  const [program = '', ...args] = options.command;
  const ownGroup = io.terminal === undefined;
  const shim = createCodevShim();
  const PATH = [shim?.directory, io.env.PATH].filter((part) => part !== undefined && part !== '').join(path.delimiter);
  let child: ChildProcess | undefined;
  const kill = (signal: NodeJS.Signals) => child && killChild({ child, signal, ownGroup });
  let grace: NodeJS.Timeout | undefined;
  // Listening before the command starts: a signal that came while it started (and codev went on starting the
  // watchdog) would end codev by default and leave the command running. Node runs the listener on a later tick.
  const stopListening = io.onInterrupt?.((signal: StopSignal) => {
    if (signal === 'SIGTERM' || ownGroup) kill(signal);
    grace = setTimeout(() => kill('SIGKILL'), CHILD_STOP_GRACE_MS);
    grace.unref();
  });
  const spawned = spawn(program, args, {
    cwd: options.cwd,
    stdio: 'inherit',
    detached: ownGroup,
    env: { ...io.env, PATH, ANTHROPIC_BASE_URL: options.url, ANTHROPIC_API_KEY: FAKE_API_KEY },
  });
  child = spawned;
  const watchdog = ownGroup && spawned.pid !== undefined ? watchForOrphans({ group: spawned.pid, remove: shim?.directory }) : undefined;
  const killAtExit = () => {
    kill('SIGKILL');
    shim?.remove();
  };
  process.on('exit', killAtExit);
  return new Promise((resolve) => {
    const done = (code: number) => {
      clearTimeout(grace);
      stopListening?.();
      process.off('exit', killAtExit);
      watchdog?.dispose();
      shim?.remove();
      resolve(code);
    };
    spawned.once('error', (error: NodeJS.ErrnoException) => {
      io.stderr(`codev fake-model: cannot run ${JSON.stringify(options.command[0])}: ${error.message}\n`);
      done(error.code === 'ENOENT' ? 127 : 126);
    });
    spawned.once('exit', (code, signal) => {
      // The group may hold the command's own children still: they go with it.
      if (ownGroup) kill('SIGKILL');
      done(code ?? 128 + (signal ? (constants.signals[signal] ?? 0) : 0));
    });
  });
}

function killChild(options: { child: ChildProcess; signal: NodeJS.Signals; ownGroup: boolean }): void {
  const { child } = options;
  if (child.pid === undefined) return;
  try {
    if (options.ownGroup) process.kill(-child.pid, options.signal);
    else if (child.exitCode === null && child.signalCode === null) child.kill(options.signal);
  } catch {
    // Already gone.
  }
}
