import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanGitMachine } from '../git/test-fixtures/clean-git-machine.ts';
import { openCheckpointStore } from './open-checkpoint-store.ts';
import { makeMixedProject } from './test-fixtures/make-mixed-project.ts';

const machine = cleanGitMachine('codev-checkpoint-cost-');
/** A `git` first on the PATH that logs each command's arguments, then runs the real one. */
const spy = { folder: '', log: '', savedPath: process.env.PATH };

beforeAll(() => {
  spy.folder = machine.directory();
  spy.log = path.join(spy.folder, 'git.log');
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(path.join(spy.folder, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${spy.log}'\nexec '${real}' "$@"\n`);
  chmodSync(path.join(spy.folder, 'git'), 0o755);
  process.env.PATH = `${spy.folder}${path.delimiter}${process.env.PATH ?? ''}`;
});
afterAll(() => {
  process.env.PATH = spy.savedPath;
});

function gitCommands(during: () => Promise<unknown>): Promise<string[]> {
  writeFileSync(spy.log, '');
  return during().then(() => readFileSync(spy.log, 'utf8').split('\n').filter(Boolean));
}

describe('what a recording costs', () => {
  it("a new session's first recording of files another session recorded hashes none of them (each codev run is a new session)", async () => {
    const root = machine.directory();
    makeMixedProject(root);
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') });
    const first = await store.record({ sessionId: 's1', roots: [root] });
    const commands = await gitCommands(() => store.record({ sessionId: 's2', roots: [root] }));
    expect(commands.filter((command) => command.includes('update-index'))).toEqual([]);
    const second = await store.record({ sessionId: 's2', roots: [root] });
    expect(second.roots[0]!.tree).toBe(first.roots[0]!.tree);
    // A change after the seed is recorded as in any session.
    writeFileSync(path.join(root, 'a'), 'changed\n');
    const changed = await store.record({ sessionId: 's2', roots: [root] });
    expect(changed.roots[0]!.tree).not.toBe(first.roots[0]!.tree);
    await expect(store.record({ sessionId: 's1', roots: [root] })).resolves.toEqual(changed);
  });

  it('a new session does not start from an index whose objects are gone: it records from the files', async () => {
    const root = machine.directory();
    makeMixedProject(root);
    const directory = path.join(root, '.codev', 'checkpoints');
    const store = openCheckpointStore({ directory });
    const first = await store.record({ sessionId: 's1', roots: [root] });
    // The objects gone but the index left (a store cut short or pruned by hand): the seed is not usable.
    rmSync(path.join(directory, 'objects'), { recursive: true });
    rmSync(path.join(directory, 'refs'), { recursive: true });
    mkdirSync(path.join(directory, 'objects'));
    const again = await openCheckpointStore({ directory }).record({ sessionId: 's2', roots: [root] });
    expect(again.roots[0]!.tree).toBe(first.roots[0]!.tree);
    expect(execFileSync('git', ['--git-dir', directory, 'cat-file', '-t', again.roots[0]!.tree], { encoding: 'utf8' }).trim()).toBe('tree');
  });

  it('a store removed while its session runs (git clean -fdx) is made again at the next recording', async () => {
    const root = machine.directory();
    makeMixedProject(root);
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') });
    await store.record({ sessionId: 's1', roots: [root] });
    rmSync(path.join(root, '.codev'), { recursive: true });
    writeFileSync(path.join(root, 'a'), 'after the clean\n');
    const snapshot = await store.record({ sessionId: 's1', roots: [root] });
    const tree = snapshot.roots[0]!.tree;
    expect(execFileSync('git', ['--git-dir', path.join(root, '.codev', 'checkpoints'), 'cat-file', '-p', `${tree}:a`], { encoding: 'utf8' })).toBe('after the clean\n');
  });
});

describe('what a store costs on disk', () => {
  it('prune packs a store whose loose objects are few but large (a generated file changed every turn), keeping only the deltas', async () => {
    const root = machine.directory();
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints'), maxFileBytes: Infinity });
    const generated = randomBytes(24 * 1024 * 1024);
    for (let turn = 0; turn < 3; turn++) {
      generated[turn * 1000] = (generated[turn * 1000]! + 1) % 256;
      writeFileSync(path.join(root, 'bundle.bin'), generated);
      await store.record({ sessionId: 's1', roots: [root] });
    }
    const { bytesBefore, bytesAfter } = await store.prune();
    expect(bytesBefore).toBeGreaterThan(3 * generated.length);
    expect(bytesAfter).toBeLessThan(1.5 * generated.length);
  });
});
