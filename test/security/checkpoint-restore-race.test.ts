import { type ChildProcess, spawn } from 'node:child_process';
import { lstatSync, mkdirSync, readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * A folder swapped for a link to a folder outside, in a loop, by another process while a restore runs (after
 * its checks: the loop starts when the restore's journal appears): no file may land outside the root, whatever
 * the timing. The restore works in each folder through an open handle on it, never through its name again.
 */
const machine = cleanGitMachine('codev-checkpoint-race-');
const FILES = 200;
const ROUNDS = 6;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

function putFolderBack(root: string): void {
  const found = lstatSync(path.join(root, 'src'), { throwIfNoEntry: false });
  if (found?.isDirectory()) return;
  if (found) unlinkSync(path.join(root, 'src'));
  renameSync(path.join(root, 'src.real'), path.join(root, 'src'));
}

describe('a restore racing a link swap', () => {
  it('writes nothing outside the root', async () => {
    const root = machine.directory();
    const outside = machine.directory();
    mkdirSync(path.join(root, 'src'));
    for (let index = 0; index < FILES; index++) writeFileSync(path.join(root, 'src', `f${index}`), `first ${index}\n`);
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') });
    const first = await store.record({ sessionId: 'race', roots: [root] });
    const journal = path.join(root, '.codev', 'checkpoints', 'codev-journals', 'race.json');
    const escaped: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (let index = 0; index < FILES; index++) writeFileSync(path.join(root, 'src', `f${index}`), `round ${round} ${index}\n`);
      const plan = await store.planRestore({ sessionId: 'race', target: first });
      const loop = `while [ ! -e "$1" ]; do :; done; while :; do mv src src.real && ln -s "$2" src; rm -f src; mv src.real src; done`;
      const child = spawn('sh', ['-c', loop, 'swap', journal, outside], { cwd: root, stdio: 'ignore' });
      children.push(child);
      await store.applyRestore({ sessionId: 'race', plan, conflicts: 'overwrite' }).catch(() => {});
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      escaped.push(...readdirSync(outside));
      putFolderBack(root);
      await store.recover({ sessionId: 'race' });
    }
    expect(escaped).toEqual([]);
  }, 120_000);
});
