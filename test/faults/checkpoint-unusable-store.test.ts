import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * A store the file system will not let codev make or use (a read-only or full disk, a file where a folder
 * goes, a folder where its config goes) is `CHECKPOINT_FAILED` from every method, never the file system's
 * raw error: the agent turns that code into a warning and goes on.
 */
const machine = cleanGitMachine('codev-checkpoint-unusable-');

async function codeOf(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(() => 'done', (error: unknown) => (CodevError.isInstance(error) ? error.code : error));
}

describe('an unusable checkpoint store', () => {
  it('is CHECKPOINT_FAILED when its folder cannot be made', async () => {
    const root = machine.directory();
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    writeFileSync(path.join(root, 'not-a-folder'), '');
    const store = openCheckpointStore({ directory: path.join(root, 'not-a-folder', 'checkpoints') });
    expect(await codeOf(() => store.record({ sessionId: 'unusable1', roots: [root] }))).toBe('CHECKPOINT_FAILED');
    expect(await codeOf(() => store.recover({ sessionId: 'unusable1' }))).toBe('CHECKPOINT_FAILED');
    expect(await codeOf(() => store.prune())).toBe('CHECKPOINT_FAILED');
  });

  it('is CHECKPOINT_FAILED when its settings cannot be written', async () => {
    const root = machine.directory();
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    const directory = path.join(root, '.codev', 'checkpoints');
    const store = openCheckpointStore({ directory });
    const first = await store.record({ sessionId: 'unusable2', roots: [root] });
    // A folder (with something in it) where the config goes: the config cannot be put back.
    const config = path.join(directory, 'config');
    rmSync(config);
    mkdirSync(path.join(config, 'planted'), { recursive: true });
    expect(await codeOf(() => store.record({ sessionId: 'unusable2', roots: [root] }))).toBe('CHECKPOINT_FAILED');
    expect(await codeOf(() => store.planRestore({ sessionId: 'unusable2', target: first }))).toBe('CHECKPOINT_FAILED');
    expect(await codeOf(() => store.diff({ from: first, to: first }))).toBe('CHECKPOINT_FAILED');
  });
});
