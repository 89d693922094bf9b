import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { git } from '../../src/checkpoints/test-fixtures/make-mixed-project.ts';
import { readFolderState } from '../../src/checkpoints/test-fixtures/read-folder-state.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * kill -9 of a recording leaves a stale index.lock that the session's next recording removes; kill -9 of a
 * restore at several points leaves, after `recover`, exactly the old or exactly the new files; two processes
 * recording different sessions into one store at once leave every tree readable and `git fsck` clean.
 */
// Removing thousands of files at the end takes longer than the default hook timeout on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
const machine = cleanGitMachine('codev-checkpoint-kills-');
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/checkpoint-worker.ts');
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";

/** Starts the worker in a process group of its own, so `kill` takes its git children with it, as a kill -9 of codev's group would. */
function startWorker(args: string[]) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, ...args], { cwd: REPO, env: process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const kill = (): void => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  const printed = async (text: string): Promise<void> => {
    while (!stdout.includes(text)) {
      if (child.exitCode !== null) throw new Error(`worker exited before printing "${text}": ${stderr}`);
      await sleep(1);
    }
  };
  return { child, exited, printed, kill };
}

async function waitFor(condition: () => boolean, what: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`no ${what} after ${ms} ms`);
    await sleep(0.2);
  }
}

describe('checkpoints under kill -9', () => {
  it('a recording killed mid-way leaves a stale index.lock; the next recording of the session removes it and records right', async () => {
    const root = machine.directory();
    git(root, 'init', '-q');
    const directory = path.join(root, '.codev', 'checkpoints');
    const worker = startWorker(['record-loop', directory, 'killed', root, '400']);
    await worker.printed('recorded 1');
    const indexes = path.join(directory, 'codev-indexes', 'killed');
    await waitFor(() => existsSync(indexes) && readdirSync(indexes).some((name) => name.endsWith('.lock')), 'index.lock');
    worker.kill();
    await worker.exited;
    expect(readdirSync(indexes).some((name) => name.endsWith('.lock'))).toBe(true);
    const store = openCheckpointStore({ directory });
    const recovered = await store.record({ sessionId: 'killed', roots: [root] });
    const fresh = await store.record({ sessionId: 'fresh', roots: [root] });
    expect(recovered.roots[0]!.tree).toBe(fresh.roots[0]!.tree);
    expect(readdirSync(indexes).some((name) => name.endsWith('.lock'))).toBe(false);
  });

  it('a restore killed at several points ends, after recover, exactly as before or exactly as the target', async () => {
    const root = machine.directory();
    git(root, 'init', '-q');
    for (let index = 0; index < 3000; index++) {
      const folder = path.join(root, `d${index % 20}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `f${index}.txt`), `target ${index}\n`);
    }
    const directory = path.join(root, '.codev', 'checkpoints');
    const store = openCheckpointStore({ directory });
    const target = await store.record({ sessionId: 'restore', roots: [root] });
    const targetState = readFolderState(root);
    for (let index = 0; index < 3000; index += 3) rmSync(path.join(root, `d${index % 20}`, `f${index}.txt`));
    for (let index = 1; index < 3000; index += 3) writeFileSync(path.join(root, `d${index % 20}`, `f${index}.txt`), `changed ${index}\n`);
    rmSync(path.join(root, 'd7'), { recursive: true, force: true });
    writeFileSync(path.join(root, 'd7'), 'a file where a folder was\n');
    for (let index = 0; index < 500; index++) writeFileSync(path.join(root, `new-${index}.txt`), `new ${index}\n`);
    const old = await store.record({ sessionId: 'restore', roots: [root] });
    const oldState = readFolderState(root);
    const targetFile = path.join(machine.directory(), 'target.json');
    writeFileSync(targetFile, JSON.stringify(target));
    const journal = path.join(directory, 'codev-journals', 'restore.json');
    const outcomes: string[] = [];
    for (const delay of [-1, 0, 3, 15, 40, 80]) {
      const worker = startWorker(['restore', directory, 'restore', targetFile]);
      await worker.printed('planned');
      if (delay >= 0) {
        await waitFor(() => existsSync(journal) || worker.child.exitCode !== null, 'journal');
        await sleep(delay);
      }
      worker.kill();
      await worker.exited;
      const finished = await store.recover({ sessionId: 'restore' });
      const state = readFolderState(root);
      const outcome = JSON.stringify(state) === JSON.stringify(oldState) ? 'old' : JSON.stringify(state) === JSON.stringify(targetState) ? 'new' : 'mixed';
      outcomes.push(`${delay}:${finished ? 'recovered' : 'no journal'}:${outcome}`);
      expect(outcome, outcomes.join(' ')).not.toBe('mixed');
      expect(existsSync(journal)).toBe(false);
      // Back to the old state for the next kill.
      if (outcome === 'new') {
        const back = await store.planRestore({ sessionId: 'restore', target: old });
        await store.applyRestore({ sessionId: 'restore', plan: back });
        expect(readFolderState(root)).toEqual(oldState);
      }
    }
    expect(outcomes.some((outcome) => outcome.includes(':recovered:new')), outcomes.join(' ')).toBe(true);
    expect(readdirSync(root).filter((name) => name.includes('.codev-restore-'))).toEqual([]);
  }, 120_000);

  it('two processes recording different sessions into one store at once: every tree readable, git fsck clean', async () => {
    const base = machine.directory();
    const directory = path.join(base, 'store');
    const roots = ['one', 'two'].map((name) => {
      const root = path.join(base, name);
      mkdirSync(root);
      git(root, 'init', '-q');
      return root;
    });
    const workers = roots.map((root, index) => startWorker(['record-rounds', directory, `session-${index}`, root, '20']));
    const results = await Promise.all(workers.map((worker) => worker.exited));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const trees = results.flatMap((result) => JSON.parse(result.stdout.trim()) as string[]);
    expect(trees).toHaveLength(40);
    for (const tree of trees) expect(git(base, '--git-dir', directory, 'ls-tree', '-r', tree).split('\n').length).toBeGreaterThanOrEqual(30);
    git(base, '--git-dir', directory, 'fsck', '--full', '--strict', '--no-dangling');
  }, 120_000);
});
