import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { git } from '../../src/checkpoints/test-fixtures/make-mixed-project.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';
import { runChild } from '../run-child.ts';

/**
 * Files codev reads itself around a recording (the store's config and journal, a root's `.git` file, the
 * `.gitignore` files above a root, the user's info/exclude) may be a FIFO or a device an agent put there: a read
 * of one would wait forever (a FIFO with no writer, synchronously for the `.git` file: the whole process) or
 * never end (/dev/zero). Each is refused or set aside, and the call ends.
 */
const machine = cleanGitMachine('codev-checkpoint-fifo-');
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = path.join(REPO, 'test/faults/test-fixtures/checkpoint-store-call.ts');
const RUN_TYPESCRIPT = "import { createJiti } from 'jiti'; await createJiti(process.cwd() + '/').import(process.argv[1]);";

async function call(action: 'record' | 'recover', store: string, root: string): Promise<string> {
  const run = await runChild(process.execPath, ['--input-type=module', '-e', RUN_TYPESCRIPT, WORKER, action, store, 'fifo', root], { cwd: REPO, timeoutMs: 30_000, env: { ...process.env } as Record<string, string> });
  return `${run.code} ${run.stdout.trim()}`;
}

const mkfifo = (file: string): void => void execFileSync('mkfifo', [file]);

describe('FIFOs and devices where codev reads a small file', { timeout: 120_000 }, () => {
  it('a .git FIFO in a root that is in no repository', async () => {
    const root = machine.directory();
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    mkfifo(path.join(root, '.git'));
    expect(await call('record', path.join(root, '.codev', 'checkpoints'), root)).toBe('0 ok');
  });

  it('a .gitignore FIFO above a root, and an info/exclude that is /dev/zero', async () => {
    const top = machine.directory();
    git(top, 'init', '-q');
    const root = path.join(top, 'sub');
    mkdirSync(root);
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    mkfifo(path.join(top, '.gitignore'));
    rmSync(path.join(top, '.git', 'info', 'exclude'), { force: true });
    execFileSync('ln', ['-s', '/dev/zero', path.join(top, '.git', 'info', 'exclude')]);
    expect(await call('record', path.join(machine.directory(), '.codev', 'checkpoints'), root)).toBe('0 ok');
  });

  it('the store config and a journal that are FIFOs', async () => {
    const root = machine.directory();
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    const store = path.join(root, '.codev', 'checkpoints');
    expect(await call('record', store, root)).toBe('0 ok');
    rmSync(path.join(store, 'config'));
    mkfifo(path.join(store, 'config'));
    expect(await call('record', store, root)).toBe('0 ok');
    mkdirSync(path.join(store, 'codev-journals'), { recursive: true });
    mkfifo(path.join(store, 'codev-journals', 'fifo.json'));
    expect(await call('recover', store, root)).toMatch(/^0 (ok|CHECKPOINT_FAILED)$/);
  });
});
