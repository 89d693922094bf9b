import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
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
const ROUNDS = 12;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) killGroup(child);
});

/** The loop's shell and the mv or ln it is running (its own process group): a killed shell alone leaves that one going. */
function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The swap loop, killed anywhere, may leave src missing, a link, or with the restore's new folder in its place. */
function resetFolder(root: string): void {
  for (const name of ['src', 'src.real']) rmSync(path.join(root, name), { recursive: true, force: true });
  mkdirSync(path.join(root, 'src'));
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
      resetFolder(root);
      for (let index = 0; index < FILES; index++) writeFileSync(path.join(root, 'src', `f${index}`), `round ${round} ${index}\n`);
      const plan = await store.planRestore({ sessionId: 'race', target: first });
      const loop = `while [ ! -e "$1" ]; do :; done; while :; do mv src src.real && ln -s "$2" src; rm -f src; mv src.real src; done`;
      const child = spawn('sh', ['-c', loop, 'swap', journal, outside], { cwd: root, stdio: 'ignore', detached: true });
      children.push(child);
      await store.applyRestore({ sessionId: 'race', plan, conflicts: 'overwrite' }).catch(() => {});
      const exited = new Promise((resolve) => child.once('exit', resolve));
      killGroup(child);
      await exited;
      escaped.push(...readdirSync(outside));
      await store.recover({ sessionId: 'race' });
    }
    expect(escaped).toEqual([]);
  }, 120_000);
});
