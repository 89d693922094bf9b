import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodevError } from '../errors/codev-error.ts';
import { BWRAP_PATH, isSandboxAvailable } from '../sandbox/is-sandbox-available.ts';
import { readSandboxSettings } from '../sandbox/sandbox-settings.ts';
import { buildReplCommand, type ReplWrapper } from './build-repl-command.ts';
import type { ReplWorkerMessage } from './types.ts';

/** A started worker, ready for cells. */
export interface ReplProcess {
  child: ChildProcess;
  wrapper: ReplWrapper['kind'];
  /** True when the worker can reach the network (no bubblewrap, or `CODEV_SANDBOX_NETWORK=1`). */
  network: boolean;
}

/** How long the worker may take to say it is ready. */
export const REPL_START_TIMEOUT_MS = 10_000;

const live = new Set<ChildProcess>();
let exitHandlerInstalled = false;
let setprivProbe: string | undefined | null = null;

/**
 * Starts a REPL worker (`repl-worker.cjs`) and waits for it to be ready. It runs under Node's permission
 * model; inside bubblewrap (no network, death with the parent) when the sandbox is available and not turned
 * off (`CODEV_SANDBOX=0`), else under `setpriv --pdeathsig KILL` on Linux when present. Its environment is
 * empty but for PATH. Every worker is killed when the host process exits.
 *
 * @throws CodevError `REPL_FAILED` when this runtime has no permission model, or the worker fails to start.
 */
export async function startReplProcess(): Promise<ReplProcess> {
  const permissionFlag = findPermissionFlag();
  const workerPath = realpathSync(fileURLToPath(new URL('./repl-worker.cjs', import.meta.url)));
  if (workerPath.includes(',')) {
    throw new CodevError('REPL_FAILED', `The REPL worker's path contains a comma, which Node's --allow-fs-read cannot take: ${workerPath}`, { hint: 'install codev in a folder whose path has no comma' });
  }
  const wrapper = chooseWrapper();
  const command = buildReplCommand({ nodePath: process.execPath, workerPath, permissionFlag, wrapper });
  const child = spawn(command.file, command.args, {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    cwd: path.dirname(workerPath),
    serialization: 'json',
  });
  track(child);
  await waitUntilReady(child);
  return { child, wrapper: wrapper.kind, network: wrapper.kind !== 'bubblewrap' || wrapper.allowNetwork };
}

function findPermissionFlag(): '--permission' | '--experimental-permission' {
  if (process.allowedNodeEnvironmentFlags.has('--permission')) return '--permission';
  if (process.allowedNodeEnvironmentFlags.has('--experimental-permission')) return '--experimental-permission';
  throw new CodevError('REPL_FAILED', `The REPL needs Node.js 20 or newer with its permission model (this is ${process.release?.name ?? 'an unknown runtime'} ${process.version}).`);
}

function chooseWrapper(): ReplWrapper {
  const settings = readSandboxSettings();
  if (settings.enabled && isSandboxAvailable()) return { kind: 'bubblewrap', bwrapPath: BWRAP_PATH, allowNetwork: settings.allowNetwork };
  const setprivPath = findSetpriv();
  return setprivPath ? { kind: 'setpriv', setprivPath } : { kind: 'none' };
}

function findSetpriv(): string | undefined {
  if (setprivProbe !== null) return setprivProbe;
  if (process.platform !== 'linux') return (setprivProbe = undefined);
  const probe = spawnSync('setpriv', ['--pdeathsig', 'KILL', '--', 'true'], { stdio: 'ignore', timeout: 5_000 });
  return (setprivProbe = probe.error || probe.status !== 0 ? undefined : 'setpriv');
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  let stderr = '';
  const onStderr = (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4_000));
  child.stderr?.on('data', onStderr);
  return new Promise<void>((resolve, reject) => {
    const fail = (reason: string) => {
      cleanup();
      child.kill('SIGKILL');
      reject(new CodevError('REPL_FAILED', `The REPL process could not start: ${reason}${stderr.trim() ? `\n${stderr.trim()}` : ''}`));
    };
    const onMessage = (message: ReplWorkerMessage) => {
      if (message.type !== 'ready') return;
      cleanup();
      resolve();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => fail(`it exited (${code ?? signal}) before it was ready`);
    const onError = (error: Error) => fail(error.message);
    const timer = setTimeout(() => fail(`it was not ready after ${REPL_START_TIMEOUT_MS} ms`), REPL_START_TIMEOUT_MS);
    const cleanup = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      child.off('error', onError);
      child.stderr?.off('data', onStderr);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.once('error', onError);
  });
}

function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  // A failed spawn emits 'error' and no 'exit'; without a listener the error would crash the host.
  child.on('error', () => live.delete(child));
  if (exitHandlerInstalled) return;
  exitHandlerInstalled = true;
  process.once('exit', () => {
    for (const running of live) running.kill('SIGKILL');
  });
}
