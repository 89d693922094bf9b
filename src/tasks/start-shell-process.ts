import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { prepareSandboxedSpawn } from '../sandbox/prepare-sandboxed-spawn.ts';
import { killProcessTree } from './kill-process-tree.ts';

/**
 * How a shell command is isolated: not at all, or in bubblewrap with these writable directories, the
 * protected places inside them (see `protectedPlacesOf`), and the paths deny rules hide or keep read-only.
 */
export type ShellIsolation =
  | { sandbox: false }
  | {
      sandbox: true;
      writableDirectories: readonly string[];
      allowNetwork: boolean;
      protectedPlaces?: readonly string[];
      hiddenPaths?: readonly string[];
      readOnlyPaths?: readonly string[];
    };

/** A running `bash -c` in its own process group. */
export interface ShellProcess {
  readonly child: ChildProcess;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>;
  /** Kills the whole process tree (SIGTERM, then SIGKILL after a grace period). */
  kill(): Promise<void>;
}

/**
 * Starts `bash -c <command>` in `cwd`, detached into its own process group so that the whole tree can be
 * killed, optionally inside the bubblewrap sandbox. `stdio` is passed to `spawn` (pipes by default).
 */
export function startShellProcess(options: {
  command: string;
  cwd: string;
  isolation: ShellIsolation;
  sessionDirectory: string;
  stdio?: ['ignore', 'pipe' | number, 'pipe' | number];
}): ShellProcess {
  const sandboxed = options.isolation.sandbox
    ? prepareSandboxedSpawn({
        command: options.command,
        cwd: options.cwd,
        writableDirectories: options.isolation.writableDirectories,
        tmpDirectory: path.join(options.sessionDirectory, 'tmp'),
        allowNetwork: options.isolation.allowNetwork,
        protectedPlaces: options.isolation.protectedPlaces,
        hiddenPaths: options.isolation.hiddenPaths,
        readOnlyPaths: options.isolation.readOnlyPaths,
      })
    : undefined;
  const file = sandboxed?.file ?? 'bash';
  const args = sandboxed?.args ?? ['-c', options.command];
  const child = spawn(file, args, {
    cwd: options.cwd,
    detached: true,
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
    env: shellEnvironment(sandboxed?.env),
  });
  const exited = new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', () => resolve({ exitCode: 127, signal: null }));
    child.once('close', (exitCode, signal) => resolve({ exitCode, signal }));
  }).finally(() => sandboxed?.cleanup());
  return {
    child,
    exited,
    kill: () => (child.pid === undefined ? Promise.resolve() : killProcessTree({ pid: child.pid, exited })),
  };
}

/**
 * The environment of a shell command: codev's, with the sandbox's additions, and without `CDPATH` (with
 * it, `cd src` may go somewhere else than `./src`, which the permission check reads it as).
 */
function shellEnvironment(extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...extra };
  delete environment.CDPATH;
  return environment;
}
