/**
 * Faults of process handling, with real processes and real bubblewrap: commands stopped or interrupted in
 * their first 300 ms (while bubblewrap may still be setting up), daemons that leave the command's process
 * group (setsid, nohup), and a codev that ends by SIGTERM, SIGINT, SIGKILL or normally. After each, no
 * process the commands started may be left. Every command is `sleep <n>` with an `n` of its own, so the
 * suite finds (and, when a check failed, kills) only its own processes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSandboxAvailable } from '../../src/sandbox/is-sandbox-available.ts';
import { findMarkedProcesses } from '../../src/processes/find-marked-processes.ts';
import { startShellProcess } from '../../src/tasks/start-shell-process.ts';
import { killAll, processesWithArguments, uniqueSeconds, waitUntil } from '../../src/processes/test-fixtures/processes-with-arguments.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { runTool } from '../../src/testing/run-tool.ts';
import { bashTool } from '../../src/tools/Bash/index.ts';
import { taskStopTool } from '../../src/tools/TaskStop/index.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/processes-worker.ts');
/** Runs a TypeScript file the way bin/codev.mjs does (jiti); its argv[1] is the file, then its arguments. */
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";

const EARLY_MS = 300;
const DAEMONS = (seconds: string) => `setsid sleep ${seconds} >/dev/null 2>&1 & nohup sleep ${seconds} >/dev/null 2>&1 & sleep ${seconds}`;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The `sleep <n>` processes of these commands still running. */
const leftOf = (all: readonly string[]) => all.flatMap((seconds) => processesWithArguments(['sleep', seconds]));

/** Checks that nothing of `all` is left, and kills what is, so a failure does not leak into other tests. */
function expectNothingLeft(all: readonly string[]): void {
  const left = leftOf(all);
  killAll(left);
  expect(left).toEqual([]);
  // No process with this codev's mark at all: what ran sleep under another name is gone too.
  expect([...(findMarkedProcesses()?.values() ?? [])].flat()).toEqual([]);
}

const context = () => createTestContext({ tools: [bashTool, taskStopTool], mode: 'bypassPermissions' });

/** Starts `command` in the background, stops it with TaskStop a random time into its first 300 ms. */
async function startThenStop(test: ReturnType<typeof context>, command: string) {
  const startedAt = Date.now();
  const { result } = await runTool({ name: 'Bash', input: { command, run_in_background: true }, context: test });
  const taskId = (result.output as { backgroundTaskId: string }).backgroundTaskId;
  await delay(Math.max(0, startedAt + Math.random() * EARLY_MS - Date.now()));
  return (await runTool({ name: 'TaskStop', input: { task_id: taskId }, context: test })).result;
}

/** Runs `command` in the foreground and interrupts it a random time into its first 300 ms. */
async function runThenInterrupt(command: string) {
  const controller = new AbortController();
  setTimeout(() => controller.abort(), Math.random() * EARLY_MS);
  const test = createTestContext({ tools: [bashTool], mode: 'bypassPermissions', signal: controller.signal });
  return (await runTool({ name: 'Bash', input: { command }, context: test })).result;
}

describe.runIf(isSandboxAvailable())('sandboxed commands stopped early', () => {
  it('16 commands killed 3 to 6 ms after their spawn, while bubblewrap sets itself up: none left', async () => {
    // Before its child asks to die with it, bubblewrap can be killed alone: half of these kills left the command running.
    const directory = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'codev-faults-')));
    const all = Array.from({ length: 16 }, () => uniqueSeconds());
    const kills = all.map((seconds, index) => {
      const shell = startShellProcess({ command: `sleep ${seconds}`, cwd: directory, sessionDirectory: directory, isolation: { sandbox: true, writableDirectories: [directory], allowNetwork: false } });
      const until = performance.now() + 3 + (index % 4);
      while (performance.now() < until);
      return shell.kill();
    });
    expect(await Promise.all(kills)).toEqual(all.map(() => undefined));
    expectNothingLeft(all);
  });

  it('30 background tasks stopped by TaskStop in their first 300 ms: each said stopped, none left', async () => {
    const test = context();
    const all = Array.from({ length: 30 }, () => uniqueSeconds());
    const commands = all.map((seconds, index) => (index % 2 === 0 ? `sleep ${seconds}` : `sh -c 'sleep ${seconds} & sleep ${seconds}'`));
    const results = await Promise.all(commands.map((command) => startThenStop(test, command)));
    expect(results.map((result) => result.status)).toEqual(results.map(() => 'ok'));
    expectNothingLeft(all);
  });

  it('30 foreground commands interrupted in their first 300 ms: each said cancelled, none left', async () => {
    const all = Array.from({ length: 30 }, () => uniqueSeconds());
    const commands = all.map((seconds, index) => (index % 2 === 0 ? `sleep ${seconds}` : `sh -c 'sleep ${seconds} & sleep ${seconds}'`));
    const results = await Promise.all(commands.map(runThenInterrupt));
    expect(results.map((result) => result.status)).toEqual(results.map(() => 'cancelled'));
    expectNothingLeft(all);
  });
});

describe.runIf(process.platform === 'linux')('daemons of unsandboxed commands (CODEV_SANDBOX=0)', () => {
  let previous: string | undefined;
  beforeAll(() => {
    previous = process.env.CODEV_SANDBOX;
    process.env.CODEV_SANDBOX = '0';
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.CODEV_SANDBOX;
    else process.env.CODEV_SANDBOX = previous;
  });

  it('setsid and nohup daemons of 10 background tasks are gone when TaskStop says stopped', async () => {
    const test = context();
    const all = Array.from({ length: 10 }, () => uniqueSeconds());
    // Stopped once the daemons run: their own session or group is what the stop must find.
    const results = await Promise.all(
      all.map(async (seconds) => {
        const { result } = await runTool({ name: 'Bash', input: { command: DAEMONS(seconds), run_in_background: true }, context: test });
        expect(await waitUntil(() => processesWithArguments(['sleep', seconds]).length === 3, 5_000)).toBe(true);
        return (await runTool({ name: 'TaskStop', input: { task_id: (result.output as { backgroundTaskId: string }).backgroundTaskId }, context: test })).result;
      }),
    );
    expect(results.map((result) => result.status)).toEqual(results.map(() => 'ok'));
    expectNothingLeft(all);
  });

  it('setsid and nohup daemons of 10 foreground commands are gone when the interrupt says cancelled', async () => {
    const all = Array.from({ length: 10 }, () => uniqueSeconds());
    const results = await Promise.all(all.map((seconds) => runThenInterrupt(DAEMONS(seconds))));
    expect(results.map((result) => result.status)).toEqual(results.map(() => 'cancelled'));
    expectNothingLeft(all);
  });
});

/** A codev child process (see processes-worker.ts) whose command runs `sleep <seconds>` and two daemons. */
interface Worker {
  seconds: string;
  child: ReturnType<typeof spawn>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
}

function startWorker(mode: 'foreground' | 'background' | 'hook'): Worker {
  const seconds = uniqueSeconds();
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, mode, seconds], { cwd: REPO, env: { ...process.env, CODEV_SANDBOX: '0' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<Worker['exited'] extends Promise<infer T> ? T : never>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { seconds, child, exited, stderr: () => stderr };
}

describe.runIf(process.platform === 'linux').concurrent('daemons of a codev that ends (CODEV_SANDBOX=0)', () => {
  // Started with the file, so that their start (node and jiti) overlaps the tests above.
  const workers = process.platform === 'linux' ? { SIGTERM: startWorker('foreground'), SIGINT: startWorker('foreground'), SIGKILL: startWorker('foreground'), exit: startWorker('background'), hook: startWorker('hook') } : undefined;
  afterAll(() => {
    for (const worker of Object.values(workers ?? {})) killAll([worker.child.pid!, ...leftOf([worker.seconds])]);
  });

  for (const signal of ['SIGTERM', 'SIGINT', 'SIGKILL'] as const) {
    it(`${signal} to codev: its daemons are gone within 3 s`, async () => {
      const worker = workers![signal];
      expect(await waitUntil(() => processesWithArguments(['sleep', worker.seconds]).length === 3, 20_000), worker.stderr()).toBe(true);
      worker.child.kill(signal);
      expect(await worker.exited).toEqual({ code: null, signal });
      expect(await waitUntil(() => leftOf([worker.seconds]).length === 0, 3_000)).toBe(true);
    });
  }

  it('codev ending normally after a hook command left daemons running: they are gone within 3 s', async () => {
    const worker = workers!.hook;
    expect(await worker.exited, worker.stderr()).toEqual({ code: 0, signal: null });
    expect(await waitUntil(() => leftOf([worker.seconds]).length === 0, 3_000)).toBe(true);
  });

  it('codev ending normally, with a background task running: its daemons are gone within 3 s', async () => {
    const worker = workers!.exit;
    expect(await worker.exited, worker.stderr()).toEqual({ code: 0, signal: null });
    expect(await waitUntil(() => leftOf([worker.seconds]).length === 0, 3_000)).toBe(true);
  });
});
