import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { BWRAP_PATH, isSandboxAvailable } from '../sandbox/is-sandbox-available.ts';
import { buildReplCommand, type ReplWrapper } from './build-repl-command.ts';
import { transformReplCode } from './transform-repl-code.ts';
import type { ReplWorkerMessage } from './types.ts';

const workerPath = realpathSync(fileURLToPath(new URL('./repl-worker.cjs', import.meta.url)));
const permissionFlag = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
const started: ChildProcess[] = [];

afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/**
 * Starts the worker with the production command minus `--disallow-code-generation-from-strings`, so that
 * the constructor escape works and the layers under it can be checked.
 */
function startWorkerWithoutCodeGenerationGuard(wrapper: ReplWrapper = { kind: 'none' }): ChildProcess {
  const command = buildReplCommand({ nodePath: process.execPath, workerPath, permissionFlag, wrapper });
  const args = command.args.filter((arg) => arg !== '--disallow-code-generation-from-strings');
  const child = spawn(command.file, args, { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { PATH: process.env.PATH }, cwd: path.dirname(workerPath) });
  started.push(child);
  return child;
}

function runCell(child: ChildProcess, source: string): Promise<Extract<ReplWorkerMessage, { type: 'done' }>> {
  const transformed = transformReplCode(source);
  if (!transformed.ok) throw new Error(transformed.message);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    child.on('message', (message: ReplWorkerMessage) => {
      if (message.type === 'ready') child.send({ type: 'run', runId: 1, code: transformed.code, lineCount: transformed.lineCount, toolNames: [], maxOutputChars: 10_000 });
      if (message.type === 'done') resolve(message);
    });
  });
}

describe('repl worker confinement', () => {
  it('has no process handles that act outside and no env, even when the realm escape succeeds; modules stay out of reach', async () => {
    const done = await runCell(
      startWorkerWithoutCodeGenerationGuard(),
      `const host = (code) => this.constructor.constructor(code)();
const p = host('return process');
const imported = await host('return import("node:fs")').then(() => 'imported', (error) => error.code);
JSON.stringify({ pid: typeof p.pid, kill: typeof p.kill, _kill: typeof p._kill, debug: typeof p._debugProcess, binding: typeof p.binding, builtin: typeof p.getBuiltinModule, mainModule: typeof p.mainModule, dlopen: typeof p.dlopen, chdir: typeof p.chdir, env: Object.keys(p.env).length, imported })`,
    );
    expect(done.error).toBeUndefined();
    expect(JSON.parse(done.result!.slice(1, -1))).toEqual({
      pid: 'number', kill: 'undefined', _kill: 'undefined', debug: 'undefined', binding: 'undefined', builtin: 'undefined', mainModule: 'undefined', dlopen: 'undefined', chdir: 'undefined', env: 0,
      imported: 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING',
    });
  });

  it('runs under flags that deny fs reads and writes, child processes and workers', () => {
    const target = path.join(mkdtempSync(path.join(os.tmpdir(), 'codev-repl-')), 'written.txt');
    const outcomes = probeUnderWorkerFlags(
      { kind: 'none' },
      `const code = (fn) => { try { fn(); return 'worked' } catch (error) { return error.code } };
console.log(JSON.stringify({
  read: code(() => require('node:fs').readFileSync('/etc/hostname')),
  write: code(() => require('node:fs').writeFileSync(${JSON.stringify(target)}, 'x')),
  spawn: code(() => require('node:child_process').execFileSync('true')),
  worker: code(() => new (require('node:worker_threads').Worker)('1', { eval: true })),
  binding: code(() => process.binding('fs')),
}));`,
    );
    expect(outcomes).toEqual({ read: 'ERR_ACCESS_DENIED', write: 'ERR_ACCESS_DENIED', spawn: 'ERR_ACCESS_DENIED', worker: 'ERR_ACCESS_DENIED', binding: 'ERR_ACCESS_DENIED' });
  });

  it.skipIf(!isSandboxAvailable())('has no network inside bubblewrap', async () => {
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as { port: number }).port;
    const connect = `const socket = require('node:net').connect(${port}, '127.0.0.1');
socket.on('connect', () => { socket.destroy(); console.log(JSON.stringify('connected')) });
socket.on('error', (error) => console.log(JSON.stringify(error.code)));`;
    try {
      // spawnSync would block the server's event loop: run the probes asynchronously.
      expect(await probeUnderWorkerFlagsAsync({ kind: 'none' }, connect)).toBe('connected');
      expect(await probeUnderWorkerFlagsAsync({ kind: 'bubblewrap', bwrapPath: BWRAP_PATH, allowNetwork: false }, connect)).toBe('ECONNREFUSED');
    } finally {
      server.close();
    }
  });
});

/** The worker's command with the worker replaced by `-e source`; the JSON it prints. */
function probeUnderWorkerFlags(wrapper: ReplWrapper, source: string): unknown {
  const command = probeCommand(wrapper, source);
  const probe = spawnSync(command.file, command.args, { encoding: 'utf8', env: { PATH: process.env.PATH }, timeout: 10_000 });
  return JSON.parse(probe.stdout);
}

function probeUnderWorkerFlagsAsync(wrapper: ReplWrapper, source: string): Promise<unknown> {
  const command = probeCommand(wrapper, source);
  const child = spawn(command.file, command.args, { stdio: ['ignore', 'pipe', 'ignore'], env: { PATH: process.env.PATH } });
  started.push(child);
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('close', () => resolve(JSON.parse(stdout))));
}

function probeCommand(wrapper: ReplWrapper, source: string): { file: string; args: string[] } {
  const command = buildReplCommand({ nodePath: process.execPath, workerPath, permissionFlag, wrapper });
  expect(command.args.at(-1)).toBe(workerPath);
  return { file: command.file, args: [...command.args.slice(0, -1), '-e', source] };
}

describe('buildReplCommand', () => {
  const base = { nodePath: '/usr/bin/node', workerPath: '/w/repl-worker.cjs', permissionFlag: '--permission' as const };
  const nodeArgs = ['--permission', '--allow-fs-read=/w/repl-worker.cjs', '--no-warnings', '--disallow-code-generation-from-strings', '/w/repl-worker.cjs'];

  it('runs node under the permission model, reading only the worker', () => {
    expect(buildReplCommand({ ...base, wrapper: { kind: 'none' } })).toEqual({ file: '/usr/bin/node', args: nodeArgs });
    expect(buildReplCommand({ ...base, wrapper: { kind: 'setpriv', setprivPath: 'setpriv' } })).toEqual({ file: 'setpriv', args: ['--pdeathsig', 'KILL', '--', '/usr/bin/node', ...nodeArgs] });
  });

  it('wraps it in bubblewrap without network unless allowed, dying with the parent', () => {
    const sandboxed = buildReplCommand({ ...base, wrapper: { kind: 'bubblewrap', bwrapPath: 'bwrap', allowNetwork: false } });
    expect(sandboxed.file).toBe('bwrap');
    expect(sandboxed.args.slice(0, 3)).toEqual(['--ro-bind', '/', '/']);
    expect(sandboxed.args).toContain('--unshare-net');
    expect(sandboxed.args).toContain('--die-with-parent');
    expect(sandboxed.args.slice(sandboxed.args.indexOf('--') + 1)).toEqual(['/usr/bin/node', ...nodeArgs]);
    expect(buildReplCommand({ ...base, wrapper: { kind: 'bubblewrap', bwrapPath: 'bwrap', allowNetwork: true } }).args).not.toContain('--unshare-net');
  });
});

describe('the REPL and the host process', () => {
  it('lets the host exit while the worker is idle, and the worker goes with it', async () => {
    const directory = mkdtempSync(path.join(os.tmpdir(), 'codev-repl-host-'));
    const script = path.join(directory, 'host.cjs');
    const jiti = createRequire(import.meta.url).resolve('jiti');
    const source = fileURLToPath(new URL('.', import.meta.url));
    writeFileSync(
      script,
      `const jiti = require(${JSON.stringify(jiti)})(__filename);
(async () => {
  const { getReplSession } = await jiti.import(${JSON.stringify(path.join(source, 'get-repl-session.ts'))});
  const { transformReplCode } = await jiti.import(${JSON.stringify(path.join(source, 'transform-repl-code.ts'))});
  const session = getReplSession(${JSON.stringify(directory)});
  const outcome = await session.run({ code: transformReplCode('const x = 20; x + 1').code, lineCount: 1, toolNames: [], timeoutMs: 10000, signal: new AbortController().signal, onToolCall: async () => ({ ok: true }) });
  console.log(JSON.stringify({ result: outcome.result, pid: await session.pid() }));
})();`,
    );
    const host = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 15_000 });
    expect(host.status).toBe(0);
    const { result, pid } = JSON.parse(host.stdout) as { result: string; pid: number };
    expect(result).toBe('21');
    expect(await gone(pid)).toBe(true);
  });
});

/**
 * Whether the process has ended within two seconds. A zombie counts as ended: an orphan is reparented to
 * PID 1, which may not reap it (as in some containers).
 */
async function gone(pid: number): Promise<boolean> {
  for (let attempt = 0; attempt < 40; attempt++) {
    if (!isRunning(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    // /proc/<pid>/stat: "pid (name) state ..."; Z is a zombie, X dead.
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return process.platform !== 'linux';
  }
}
