import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { CodevError } from '../errors/codev-error.ts';
import { hasIdlePlaceholders, sweepPlaceholders } from '../sandbox/placeholders.ts';
import { prepareSandboxedSpawn } from '../sandbox/prepare-sandboxed-spawn.ts';
import { commandEnvironment } from '../processes/command-environment.ts';
import { createCommandMarker } from '../processes/command-marker.ts';
import type { EnvironmentPolicy } from '../processes/environment-policy.ts';
import { endWithCodev } from '../processes/end-with-codev.ts';
import { killProcessTree } from '../processes/kill-process-tree.ts';

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

/** A running `bash -c` in its own process group, its processes marked as the command's. */
export interface ShellProcess {
  readonly child: ChildProcess;
  /** Resolves when the process has exited and its output pipes are closed (never rejects). */
  readonly exited: Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>;
  /**
   * Kills the whole process tree: the group and every process with the command's mark, SIGTERM, then
   * SIGKILL after a grace period (see `killProcessTree`). Resolves once they are gone: to undefined, or
   * to a `PROCESS_KILL_FAILED` error when some could not be killed. Calls after the first share its result.
   */
  kill(): Promise<CodevError | undefined>;
}

/** How long output pipes may stay open after a kill, held by a process that escaped it, before codev closes its ends. */
const PIPE_DRAIN_MS = 200;

/**
 * Starts `bash -c <command>` in `cwd`, detached into its own process group so that the whole tree can be
 * killed, optionally inside the bubblewrap sandbox. Its environment carries a fresh command mark (see
 * `createCommandMarker`), which the kill looks for, and it is tied to codev's life (see `endWithCodev`).
 * `stdio` is passed to `spawn` (pipes by default). Its environment is codev's less credentials, per
 * `environment` (see `commandEnvironment`).
 */
export function startShellProcess(options: {
  command: string;
  cwd: string;
  isolation: ShellIsolation;
  sessionDirectory: string;
  environment?: EnvironmentPolicy;
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
  // Outside the sandbox the command may write where an idle placeholder lingers (`.mcp.json`).
  if (!sandboxed && hasIdlePlaceholders()) sweepPlaceholders();
  const file = sandboxed?.file ?? 'bash';
  const args = sandboxed?.args ?? ['-c', options.command];
  const marker = createCommandMarker();
  const child = endWithCodev(() =>
    spawn(file, args, {
      cwd: options.cwd,
      detached: true,
      stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
      env: shellEnvironment(options.environment, { ...sandboxed?.env, ...marker.environment }),
    }),
  );
  const leaderExited = new Promise<void>((resolve) => {
    child.once('error', () => resolve());
    child.once('exit', () => resolve());
  });
  const exited = new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', () => resolve({ exitCode: 127, signal: null }));
    child.once('close', (exitCode, signal) => resolve({ exitCode, signal }));
  }).finally(() => sandboxed?.cleanup());
  let killing: Promise<CodevError | undefined> | undefined;
  const kill = async () => {
    if (child.pid === undefined) return undefined;
    const error = await killProcessTree({ pid: child.pid, leaderExited, markerId: marker.id });
    // A process that dropped its mark (env -i) may still hold the pipes: the command is over all the same.
    let timer: NodeJS.Timeout | undefined;
    const drained = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(resolve, PIPE_DRAIN_MS, false)))]);
    clearTimeout(timer);
    if (!drained) for (const stream of [child.stdout, child.stderr]) stream?.destroy();
    return error;
  };
  return { child, exited, kill: () => (killing ??= kill()) };
}

/**
 * The environment of a shell command: codev's per the policy, with the sandbox's additions, and without
 * `CDPATH` (with it, `cd src` may go somewhere else than `./src`, which the permission check reads it as).
 */
function shellEnvironment(policy: EnvironmentPolicy | undefined, extra: Record<string, string> | undefined): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...commandEnvironment({ policy }), ...extra };
  delete environment.CDPATH;
  return environment;
}
