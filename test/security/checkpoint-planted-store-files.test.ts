import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { git } from '../../src/checkpoints/test-fixtures/make-mixed-project.ts';
import { readFolderState } from '../../src/checkpoints/test-fixtures/read-folder-state.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * Files an agent's Bash could plant in the store besides its config: `objects/info/alternates` (the store would
 * read a foreign object database: trees and blobs that were never recorded here), `info/exclude` (every later
 * recording would silently leave files out, so a rewind could not undo the agent's changes to them), and store
 * folders replaced by links to a folder outside (codev would write its refs, indexes and journals there).
 */
const machine = cleanGitMachine('codev-checkpoint-planted-');

function project(): { root: string; storeDirectory: string; store: ReturnType<typeof openCheckpointStore> } {
  const root = machine.directory();
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
  git(root, 'init', '-q');
  const storeDirectory = path.join(root, '.codev', 'checkpoints');
  return { root, storeDirectory, store: openCheckpointStore({ directory: storeDirectory }) };
}

describe('files planted in the checkpoint store', () => {
  it('reads no object through a planted objects/info/alternates', async () => {
    const foreign = project();
    writeFileSync(path.join(foreign.root, 'secret.txt'), 'from another object database\n');
    const foreignSnapshot = await foreign.store.record({ sessionId: 'foreign', roots: [foreign.root] });
    const { root, storeDirectory, store } = project();
    const first = await store.record({ sessionId: 'alternates', roots: [root] });
    writeFileSync(path.join(storeDirectory, 'objects', 'info', 'alternates'), `${path.join(foreign.storeDirectory, 'objects')}\n`);
    const target = { roots: [{ ...foreignSnapshot.roots[0]!, root }] };
    const error = await store.diff({ from: first, to: target }).catch((caught: unknown) => caught);
    expect(CodevError.isInstance(error) && error.code).toBe('CHECKPOINT_FAILED');
    const planned = await store.planRestore({ sessionId: 'alternates', target }).then(
      (plan) => store.applyRestore({ sessionId: 'alternates', plan, conflicts: 'overwrite' }),
      (caught: unknown) => caught,
    ).catch((caught: unknown) => caught);
    expect(CodevError.isInstance(planned) && planned.code).toBe('CHECKPOINT_FAILED');
    expect(readFolderState(root, ['.codev', '.git'])).not.toContainEqual(expect.stringContaining('secret.txt'));
  });

  it('ignores a planted info/exclude: a recording still sees every file', async () => {
    const { root, storeDirectory, store } = project();
    const first = await store.record({ sessionId: 'exclude', roots: [root] });
    mkdirSync(path.join(storeDirectory, 'info'), { recursive: true });
    writeFileSync(path.join(storeDirectory, 'info', 'exclude'), '*\n');
    writeFileSync(path.join(root, 'b.txt'), 'made by the agent\n');
    const second = await store.record({ sessionId: 'exclude', roots: [root] });
    expect((await store.diff({ from: first, to: second })).map((change) => change.path)).toEqual(['b.txt']);
  });

  it('writes nothing outside through store folders replaced by links', async () => {
    const { root, storeDirectory, store } = project();
    const first = await store.record({ sessionId: 'linked', roots: [root] });
    const outside = machine.directory();
    for (const folder of ['codev-journals', 'codev-excludes', path.join('codev-indexes', 'linked'), path.join('refs', 'codev', 'sessions', 'linked')]) {
      rmSync(path.join(storeDirectory, folder), { recursive: true, force: true });
      mkdirSync(path.join(outside, folder), { recursive: true });
      symlinkSync(path.join(outside, folder), path.join(storeDirectory, folder));
    }
    writeFileSync(path.join(root, 'a.txt'), 'changed\n');
    const outcome = await (async () => {
      await store.record({ sessionId: 'linked', roots: [root] });
      const plan = await store.planRestore({ sessionId: 'linked', target: first });
      await store.applyRestore({ sessionId: 'linked', plan, conflicts: 'overwrite' });
    })().then(() => 'done', (caught: unknown) => (CodevError.isInstance(caught) ? caught.code : caught));
    expect(['done', 'CHECKPOINT_FAILED']).toContain(outcome);
    expect(readFolderState(outside).filter((line) => !line.startsWith('dir '))).toEqual([]);
    if (outcome === 'done') expect(readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('a\n');
  });
});
