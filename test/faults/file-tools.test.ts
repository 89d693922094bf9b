/**
 * Fault injection on the file tools (Read, Edit, Write; codev has no NotebookEdit): concurrent writers in
 * one process and in two, FIFOs / devices / sockets where a file is expected, and a process killed in the
 * middle of a write. Real files, real processes; every wait is bounded so a hang fails instead of stalling.
 */
import { execFileSync, spawn } from 'node:child_process';
import { lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordFileRead } from '../../src/files/file-state.ts';
import { createTestContext } from '../../src/testing/create-test-context.ts';
import { runTool } from '../../src/testing/run-tool.ts';
import { editTool } from '../../src/tools/Edit/index.ts';
import { readTool } from '../../src/tools/Read/index.ts';
import { writeTool } from '../../src/tools/Write/index.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/file-tools-worker.ts');
/** Runs a TypeScript file the way bin/codev.mjs does (jiti); its argv[1] is the file, then its arguments. */
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";

const temp = () => mkdtempSync(path.join(os.tmpdir(), 'codev-faults-'));

/** `promise`, or a rejection after `ms`: a hang fails the test instead of stalling vitest. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function startWorker(args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => stdout.includes(text) && resolve();
      child.stdout.on('data', check);
      child.on('close', () => reject(new Error(`worker exited before printing "${text}": ${stderr}`)));
    });
  return { child, exited, printed };
}

describe('concurrent writes of one file', () => {
  it('20 parallel Edits from two sessions: each one applied exactly when it was reported successful', async () => {
    const first = createTestContext({ tools: [editTool], mode: 'acceptEdits' });
    const second = createTestContext({ tools: [editTool], mode: 'acceptEdits', cwd: first.cwd });
    const file = path.join(first.cwd, 'shared.txt');
    const line = (index: number, state: string) => `line ${index}: ${state}`;
    writeFileSync(file, Array.from({ length: 20 }, (_, index) => `${line(index, 'old')}\n`).join(''));
    await recordFileRead(first, file);
    await recordFileRead(second, file);
    const results = await within(
      Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          runTool({ name: 'Edit', input: { file_path: file, old_string: line(index, 'old'), new_string: line(index, 'new') }, context: index % 2 ? second : first }),
        ),
      ),
      10_000,
      '20 parallel edits',
    );
    const text = readFileSync(file, 'utf8');
    const applied = results.map((_, index) => text.includes(line(index, 'new')));
    results.forEach(({ result }, index) => {
      expect(result.status === 'ok', `edit ${index}: ${result.status}`).toBe(applied[index]);
      if (result.status !== 'ok') expect(result.errorCode).toBe('FILE_CONFLICT');
    });
    // The session that wrote first keeps going: its read record follows its own writes.
    expect(applied.filter(Boolean).length).toBeGreaterThanOrEqual(10);
  });

  it('two codev processes editing one file lose no update: every reported success is in the file, no more', async () => {
    const dir = temp();
    const file = path.join(dir, 'shared.txt');
    const goFile = path.join(dir, 'go');
    writeFileSync(file, '<<A>>\n<<B>>\n');
    const workers = ['A', 'B'].map((name) => startWorker(['edits', file, name, '20', goFile]));
    writeFileSync(goFile, '');
    const outputs = await within(Promise.all(workers.map((worker) => worker.exited)), 20_000, 'two editing processes');
    const text = readFileSync(file, 'utf8');
    let successes = 0;
    outputs.forEach((output, index) => {
      expect(output.code, output.stderr).toBe(0);
      const name = ['A', 'B'][index]!;
      const report = JSON.parse(output.stdout) as { ok: number[]; failed: { i: number; code?: string; message?: string }[] };
      const inFile = text.split('\n').filter((entry) => new RegExp(`^${name}\\d+$`).test(entry)).map((entry) => Number(entry.slice(1)));
      expect(inFile, `process ${name}`).toEqual(report.ok);
      for (const failure of report.failed) expect(failure.code, failure.message).toBe('FILE_CONFLICT');
      successes += report.ok.length;
    });
    expect(successes).toBeGreaterThan(0);
    expect(readdirSync(dir).sort()).toEqual(['go', 'shared.txt']);
  });
});

describe('FIFOs, devices and sockets where a file is expected', () => {
  let dir: string;
  let server: Server;
  const targets: Record<string, string> = {};
  beforeAll(async () => {
    dir = temp();
    targets.fifo = path.join(dir, 'pipe');
    execFileSync('mkfifo', [targets.fifo]);
    targets['symlink to a FIFO'] = path.join(dir, 'to-pipe');
    symlinkSync(targets.fifo, targets['symlink to a FIFO']);
    targets['/dev/zero'] = '/dev/zero';
    targets['symlink to /dev/zero'] = path.join(dir, 'to-zero');
    symlinkSync('/dev/zero', targets['symlink to /dev/zero']);
    targets['/dev/null'] = '/dev/null';
    targets.socket = path.join(dir, 'sock');
    server = createServer();
    await new Promise<void>((resolve) => server.listen(targets.socket, resolve));
  });
  afterAll(() => server.close());

  const inputs = {
    Read: (file_path: string) => ({ file_path }),
    Edit: (file_path: string) => ({ file_path, old_string: 'a', new_string: 'b' }),
    Write: (file_path: string) => ({ file_path, content: 'written' }),
  };

  it('Read, Edit and Write answer FILE_NOT_REGULAR at once, replace nothing, and leave the thread pool free', async () => {
    const context = createTestContext({ tools: [readTool, editTool, writeTool], mode: 'acceptEdits', cwd: dir });
    for (const [kind, target] of Object.entries(targets)) {
      for (const [tool, input] of Object.entries(inputs)) {
        const { result } = await within(runTool({ name: tool, input: input(target), context }), 2_000, `${tool} on ${kind}`);
        expect(result.errorCode, `${tool} on ${kind}`).toBe('FILE_NOT_REGULAR');
      }
    }
    expect(lstatSync(targets.fifo!).isFIFO()).toBe(true);
    expect(lstatSync(targets.socket!).isSocket()).toBe(true);
    expect(lstatSync(targets['symlink to a FIFO']!).isSymbolicLink()).toBe(true);
    // More reads at once than libuv has threads (4): none is stuck behind a blocked open.
    const normal = path.join(dir, 'normal.txt');
    writeFileSync(normal, 'fine');
    const reads = await within(Promise.all(Array.from({ length: 8 }, () => readFile(normal, 'utf8'))), 2_000, 'plain reads afterwards');
    expect(reads).toEqual(Array(8).fill('fine'));
    const { result } = await within(runTool({ name: 'Read', input: { file_path: normal }, context }), 2_000, 'Read of a normal file');
    expect(result.status).toBe('ok');
  });

  it('an Edit or Write of a FIFO that is aborted comes back at once', async () => {
    for (const tool of ['Edit', 'Write'] as const) {
      const controller = new AbortController();
      const context = createTestContext({ tools: [editTool, writeTool], mode: 'acceptEdits', cwd: dir, signal: controller.signal });
      const call = runTool({ name: tool, input: inputs[tool](targets.fifo!), context });
      setTimeout(() => controller.abort(), 10);
      const { result } = await within(call, 2_000, `aborted ${tool} of a FIFO`);
      expect(result.isError).toBe(true);
    }
  });
});

describe('a process killed in the middle of a write', () => {
  it('leaves a temp file and a lock that the next codev removes, and the original intact', async () => {
    const journals = temp(); // the children's TMPDIR: their journals, apart from every other codev's
    const dir = temp();
    const file = path.join(dir, 'big.bin');
    writeFileSync(file, 'original');
    const writer = startWorker(['hold-write', file, String(32 * 1024 * 1024)], { TMPDIR: journals });
    await within(writer.printed('ready'), 15_000, 'the write to reach its rename');
    writer.child.kill('SIGKILL');
    await within(writer.exited, 5_000, 'the killed writer to exit');
    const debris = readdirSync(dir).filter((name) => name !== 'big.bin');
    expect(debris).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^\\.big\\.bin\\.${writer.child.pid}\\.[0-9a-f]{12}\\.tmp$`)), '.big.bin.codev.lock']));

    const cleaner = startWorker(['cleanup'], { TMPDIR: journals });
    const cleaned = await within(cleaner.exited, 15_000, 'the cleanup process');
    expect(cleaned.code, cleaned.stderr).toBe(0);
    expect(JSON.parse(cleaned.stdout)).toHaveLength(2);
    expect(readdirSync(dir)).toEqual(['big.bin']);
    expect(readFileSync(file, 'utf8')).toBe('original');
  });
});
