import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { cleanGitMachine } from '../git/test-fixtures/clean-git-machine.ts';
import { openCheckpointStore } from './open-checkpoint-store.ts';
import { git } from './test-fixtures/make-mixed-project.ts';

const machine = cleanGitMachine('codev-checkpoint-lifecycle-');

function makeRoot(files: Record<string, string>): string {
  const root = machine.directory();
  git(root, 'init', '-q');
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), content);
  return root;
}

function ageObjects(store: string): void {
  const old = new Date(Date.now() - 2 * 3600_000);
  const objects = path.join(store, 'objects');
  for (const folder of readdirSync(objects)) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const name of readdirSync(path.join(objects, folder))) utimesSync(path.join(objects, folder, name), old, old);
  }
}

describe('checkpoint store lifecycle', () => {
  it('keeps trees for a fork, forgets a session, and prune frees only what no session keeps', async () => {
    const root = makeRoot({ 'a.txt': 'kept by the fork\n' });
    const store = openCheckpointStore({ directory: path.join(machine.directory(), 'store') });
    const first = await store.record({ sessionId: 'parent', roots: [root] });
    await store.keep({ sessionId: 'fork', snapshots: [first] });
    // A tree the store lacks, or not a tree id at all, is not kept: a ref to nothing would break every prune.
    await store.keep({ sessionId: 'fork', snapshots: [{ roots: [{ root, tree: 'f'.repeat(40), large: [] }, { root, tree: '../../../escape', large: [] }] }] });
    expect(readdirSync(path.join(store.directory, 'refs', 'codev', 'sessions', 'fork'))).toEqual([first.roots[0]!.tree]);
    writeFileSync(path.join(root, 'a.txt'), `only the parent had this ${'x'.repeat(4000)}\n`);
    const second = await store.record({ sessionId: 'parent', roots: [root] });
    const secondBlob = git(root, 'hash-object', 'a.txt');
    await store.forget({ sessionId: 'parent' });
    ageObjects(store.directory);
    const { bytesBefore, bytesAfter } = await store.prune();
    expect(bytesAfter).toBeLessThan(bytesBefore);
    const storeGit = (...args: string[]): string => git(root, '--git-dir', store.directory, ...args);
    expect(storeGit('ls-tree', '-r', first.roots[0]!.tree)).toContain('a.txt');
    expect(() => storeGit('cat-file', '-e', second.roots[0]!.tree)).toThrow();
    expect(() => storeGit('cat-file', '-e', secondBlob)).toThrow();
    // The fork restores from what it kept.
    const plan = await store.planRestore({ sessionId: 'fork', target: first });
    await store.applyRestore({ sessionId: 'fork', plan });
    expect(git(root, 'hash-object', 'a.txt')).toBe(storeGit('rev-parse', `${first.roots[0]!.tree}:a.txt`));
  });

  it('packs a store of many loose objects, kept trees readable after', async () => {
    const root = makeRoot(Object.fromEntries(Array.from({ length: 1100 }, (_, index) => [`f${index}.txt`, `file ${index}\n`])));
    const store = openCheckpointStore({ directory: path.join(machine.directory(), 'store') });
    const kept = await store.record({ sessionId: 'kept', roots: [root] });
    writeFileSync(path.join(root, 'f1.txt'), 'dropped\n');
    await store.record({ sessionId: 'dropped', roots: [root] });
    await store.forget({ sessionId: 'dropped' });
    ageObjects(store.directory);
    const { bytesBefore, bytesAfter } = await store.prune();
    expect(bytesAfter).toBeLessThan(bytesBefore);
    expect(readdirSync(path.join(store.directory, 'objects', 'pack')).some((name) => name.endsWith('.pack'))).toBe(true);
    expect(git(root, '--git-dir', store.directory, 'ls-tree', '-r', kept.roots[0]!.tree).split('\n')).toHaveLength(1100);
    git(root, '--git-dir', store.directory, 'fsck', '--full', '--no-dangling');
  });

  it('keeps recent unkept objects through prune (a recording in flight)', async () => {
    const root = makeRoot({ 'a.txt': 'recent\n' });
    const store = openCheckpointStore({ directory: path.join(machine.directory(), 'store') });
    const snapshot = await store.record({ sessionId: 'recent', roots: [root] });
    await store.forget({ sessionId: 'recent' });
    await store.prune();
    expect(git(root, '--git-dir', store.directory, 'ls-tree', snapshot.roots[0]!.tree)).toContain('a.txt');
  });

  it('fails with CHECKPOINT_FAILED past maxFiles, without git, and for an unusable session id', async () => {
    const root = makeRoot(Object.fromEntries(Array.from({ length: 10 }, (_, index) => [`f${index}.txt`, `${index}\n`])));
    const small = openCheckpointStore({ directory: path.join(machine.directory(), 'store'), maxFiles: 5 });
    const over = await small.record({ sessionId: 's', roots: [root] }).catch((error: unknown) => error);
    expect(CodevError.isInstance(over) && over.code).toBe('CHECKPOINT_FAILED');
    const store = openCheckpointStore({ directory: path.join(machine.directory(), 'store') });
    for (const sessionId of ['../x', 'a/b', '', '.hidden', 'x.lock']) {
      const refused = await store.record({ sessionId, roots: [root] }).catch((error: unknown) => error);
      expect(CodevError.isInstance(refused) && refused.code).toBe('CHECKPOINT_FAILED');
    }
    const savedPath = process.env.PATH;
    process.env.PATH = machine.directory();
    try {
      const noGit = await store.record({ sessionId: 's', roots: [root] }).catch((error: unknown) => error);
      expect(CodevError.isInstance(noGit) && noGit.code).toBe('CHECKPOINT_FAILED');
      expect(CodevError.isInstance(noGit) && noGit.hint).toMatch(/git/i);
    } finally {
      process.env.PATH = savedPath;
    }
    expect((await store.record({ sessionId: 's', roots: [root] })).roots).toHaveLength(1);
  });

  it('records and restores a root reached through a link', async () => {
    const real = makeRoot({ 'a.txt': 'one\n' });
    const linked = path.join(machine.directory(), 'linked-root');
    symlinkSync(real, linked);
    const store = openCheckpointStore({ directory: path.join(machine.directory(), 'store') });
    const first = await store.record({ sessionId: 'linked', roots: [linked] });
    writeFileSync(path.join(real, 'a.txt'), 'two\n');
    await store.applyRestore({ sessionId: 'linked', plan: await store.planRestore({ sessionId: 'linked', target: first }) });
    expect(readFileSync(path.join(real, 'a.txt'), 'utf8')).toBe('one\n');
  });

  it('goes on past a file the file system refuses to write, reports it kept, and leaves no journal behind', async () => {
    const root = makeRoot({ 'a.txt': 'one\n' });
    const store = openCheckpointStore({ directory: path.join(machine.directory(), 'store') });
    const first = await store.record({ sessionId: 'refused', roots: [root] });
    const storeGit = (input: Buffer | string, ...args: string[]): string => execFileSync('git', ['--git-dir', store.directory, ...args], { input, encoding: 'utf8' }).trim();
    const blob = storeGit('restored\n', 'hash-object', '-w', '--stdin');
    const entry = (name: string): Buffer => Buffer.concat([Buffer.from(`100644 ${name}\0`), Buffer.from(blob, 'hex')]);
    // A name longer than the file system allows (255 bytes): git keeps it, the rename to it fails.
    const target = storeGit(Buffer.concat([entry('a.txt'), entry('n'.repeat(300))]), 'hash-object', '-t', 'tree', '-w', '--stdin');
    const plan = await store.planRestore({ sessionId: 'refused', target: { roots: [{ ...first.roots[0]!, tree: target }] } });
    const result = await store.applyRestore({ sessionId: 'refused', plan });
    expect(result.kept.map((change) => change.path)).toEqual(['n'.repeat(300)]);
    expect(readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('restored\n');
    expect(await store.recover({ sessionId: 'refused' })).toBe(false);
    expect(readdirSync(root).filter((name) => name.includes('codev-restore'))).toEqual([]);
  });

  it('runs one session\'s recordings one at a time across the openings of a store in a process', async () => {
    const root = makeRoot(Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`f${index}.txt`, `${index}\n`])));
    const directory = path.join(machine.directory(), 'store');
    const openings = [openCheckpointStore({ directory }), openCheckpointStore({ directory })];
    const recordings = Array.from({ length: 12 }, (_, index) => {
      writeFileSync(path.join(root, `f${index}.txt`), `turn ${index}\n`);
      return openings[index % 2]!.record({ sessionId: 'shared', roots: [root] });
    });
    const snapshots = await Promise.all(recordings);
    expect(new Set(snapshots.map((snapshot) => snapshot.roots[0]!.tree)).size).toBeGreaterThan(0);
    expect((await openings[0]!.record({ sessionId: 'shared', roots: [root] })).roots[0]!.tree).toBe((await openings[1]!.record({ sessionId: 'other', roots: [root] })).roots[0]!.tree);
  });

  it('records right after another opening wrote the session index, and rebuilds an index cut in half', async () => {
    const root = makeRoot({ 'a.txt': 'one\n', 'b.txt': 'b\n' });
    const directory = path.join(machine.directory(), 'store');
    const [first, second] = [openCheckpointStore({ directory }), openCheckpointStore({ directory })];
    const one = await first.record({ sessionId: 'two-openings', roots: [root] });
    writeFileSync(path.join(root, 'a.txt'), 'two\n');
    const two = await second.record({ sessionId: 'two-openings', roots: [root] });
    expect(two.roots[0]!.tree).not.toBe(one.roots[0]!.tree);
    expect((await first.record({ sessionId: 'two-openings', roots: [root] })).roots[0]!.tree).toBe(two.roots[0]!.tree);
    const indexes = path.join(directory, 'codev-indexes', 'two-openings');
    const index = path.join(indexes, readdirSync(indexes)[0]!);
    writeFileSync(index, readFileSync(index).subarray(0, 40));
    writeFileSync(path.join(root, 'b.txt'), 'changed\n');
    const rebuilt = await first.record({ sessionId: 'two-openings', roots: [root] });
    expect(rebuilt.roots[0]!.tree).toBe((await second.record({ sessionId: 'fresh', roots: [root] })).roots[0]!.tree);
  });

  it('sees a file rewritten at once with the same size (racy stat data)', async () => {
    const root = makeRoot({ 'a.txt': 'v00\n' });
    const store = openCheckpointStore({ directory: path.join(machine.directory(), 'store') });
    let previous = (await store.record({ sessionId: 'racy', roots: [root] })).roots[0]!.tree;
    for (let round = 1; round <= 30; round++) {
      writeFileSync(path.join(root, 'a.txt'), `v${String(round).padStart(2, '0')}\n`);
      const tree = (await store.record({ sessionId: 'racy', roots: [root] })).roots[0]!.tree;
      expect(tree, `round ${round}`).not.toBe(previous);
      previous = tree;
    }
  });

  it('makes the store private and cuts a patch at maxBytes', async () => {
    const root = makeRoot({ 'a.txt': 'one\n' });
    const store = openCheckpointStore({ directory: path.join(machine.directory(), 'store') });
    const first = await store.record({ sessionId: 'p', roots: [root] });
    expect(statSync(store.directory).mode & 0o777).toBe(0o700);
    writeFileSync(path.join(root, 'a.txt'), Array.from({ length: 200 }, (_, index) => `line ${index}\n`).join(''));
    const second = await store.record({ sessionId: 'p', roots: [root] });
    const patch = await store.patch({ from: first, to: second, maxBytes: 300 });
    expect(Buffer.byteLength(patch)).toBeLessThanOrEqual(340);
    expect(patch).toContain('a/a.txt');
    expect((await store.patch({ from: first, to: second })).length).toBeGreaterThan(1000);
  });
});
