import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { cleanGitMachine } from '../git/test-fixtures/clean-git-machine.ts';
import { openCheckpointStore } from './open-checkpoint-store.ts';
import { gitState } from './test-fixtures/git-state.ts';
import { git, makeMixedProject } from './test-fixtures/make-mixed-project.ts';
import { readFolderState } from './test-fixtures/read-folder-state.ts';

const machine = cleanGitMachine('codev-checkpoints-');

function project(): { root: string; store: ReturnType<typeof openCheckpointStore> } {
  const root = machine.directory();
  makeMixedProject(root);
  return { root, store: openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') }) };
}

function write(root: string, name: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
  writeFileSync(path.join(root, name), content);
}

/** The turn of the issue: Bash removes, renames, chmods, links and branches, plus edits and new files. */
function agentTurn(root: string): void {
  rmSync(path.join(root, 'src'), { recursive: true });
  git(root, 'mv', '-k', 'a', 'b');
  if (!statSync(path.join(root, 'b'), { throwIfNoEntry: false })) writeFileSync(path.join(root, 'b'), readFileSync(path.join(root, 'a')));
  rmSync(path.join(root, 'a'), { force: true });
  chmodSync(path.join(root, 'c'), 0o755);
  rmSync(path.join(root, 'link-to-file'));
  symlinkSync('b', path.join(root, 'link-to-file'));
  git(root, 'checkout', '-q', '-b', 'x');
  write(root, 'crlf.txt', 'one\r\ntwo\r\nthree\r\n');
  write(root, 'new-file.ts', 'new\n');
  rmSync(path.join(root, 'empty'));
  write(root, 'empty/now-a-folder.txt', 'file replaced by a folder\n');
  rmSync(path.join(root, 'link-to-folder'));
  write(root, 'link-to-folder', 'a link replaced by a file\n');
  chmodSync(path.join(root, 'script.sh'), 0o644);
  write(root, 'binary.bin', 'no longer binary\n');
  unlinkSync(path.join(root, 'new\nline'));
}

describe('openCheckpointStore', () => {
  it('restores contents, modes, links and deletions exactly, and leaves the user git state as it is', async () => {
    const { root, store } = project();
    const before = readFolderState(root);
    const first = await store.record({ sessionId: 's1', roots: [root] });
    expect(first.roots).toHaveLength(1);
    agentTurn(root);
    // A folder replaced by a file: src/lib is gone with src, and `src` comes back as a file.
    write(root, 'src', 'a folder replaced by a file\n');
    const left = await store.record({ sessionId: 's1', roots: [root] });
    expect(left.roots[0]!.tree).not.toBe(first.roots[0]!.tree);
    const userGit = gitState(root);
    const plan = await store.planRestore({ sessionId: 's1', target: first, reference: left });
    expect(plan.conflicts).toEqual([]);
    const statuses = Object.fromEntries(plan.changes.map((change) => [change.path, change.status]));
    expect(statuses).toMatchObject({ 'src/index.ts': 'added', a: 'added', b: 'deleted', c: 'mode-changed', 'link-to-file': 'modified', 'link-to-folder': 'type-changed', 'new-file.ts': 'deleted', src: 'deleted' });
    const result = await store.applyRestore({ sessionId: 's1', plan });
    expect(result.kept).toEqual([]);
    expect(result.restored.length).toBe(plan.changes.length);
    expect(readFolderState(root)).toEqual(before);
    // Written as git checks files out: 0777 or 0666 less the process umask.
    const umask = process.umask();
    expect(statSync(path.join(root, 'c')).mode & 0o777).toBe(0o666 & ~umask);
    expect(statSync(path.join(root, 'src/index.ts')).mode & 0o777).toBe(0o666 & ~umask);
    expect(statSync(path.join(root, 'script.sh')).mode & 0o777).toBe(0o777 & ~umask);
    expect(gitState(root)).toEqual(userGit);
    expect(git(root, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('x');
    // And the restore can be undone: its `before` is what the agent left.
    const undo = await store.planRestore({ sessionId: 's1', target: result.before });
    expect((await store.applyRestore({ sessionId: 's1', plan: undo })).kept).toEqual([]);
    expect(await store.diff({ from: await store.record({ sessionId: "s1", roots: [root] }), to: left })).toEqual([]);
  });

  it('records what git records: ignored files, .git and nested repositories left out, bytes as they are on disk', async () => {
    const { root, store } = project();
    // A folder named .git that is no repository: still never recorded.
    write(root, 'plain/.git/config', '[core]\n\tfsmonitor = touch /tmp/never\n');
    write(root, 'plain/kept.txt', 'kept\n');
    const snapshot = await store.record({ sessionId: 's2', roots: [root] });
    const listing = git(path.join(root, '.codev', 'checkpoints'), '--git-dir=.', 'ls-tree', '-r', '-z', '--name-only', snapshot.roots[0]!.tree).split('\0').filter(Boolean);
    expect(listing).toContain('untracked.txt');
    expect(listing).toContain('plain/kept.txt');
    expect(listing).toContain('new\nline');
    expect(listing).toContain('with space and ünïcode.txt');
    expect(listing.filter((name) => /(^|\/)(ignored|debug\.log|nested|\.git|\.codev)(\/|$)/.test(name))).toEqual([]);
    // codev's own state is not the agent's work: a rewind leaves the permissions granted meanwhile alone.
    write(root, '.codev/settings.local.json', '{}');
    write(root, '.codev/agents/helper.md', 'an agent definition is project content');
    const withState = await store.record({ sessionId: 's2', roots: [root] });
    const names = git(path.join(root, '.codev', 'checkpoints'), '--git-dir=.', 'ls-tree', '-r', '--name-only', withState.roots[0]!.tree).split('\n');
    expect(names.filter((name) => name.startsWith('.codev/'))).toEqual(['.codev/agents/helper.md']);
    const crlf = git(path.join(root, '.codev', 'checkpoints'), '--git-dir=.', 'cat-file', 'blob', `${snapshot.roots[0]!.tree}:crlf.txt`);
    expect(crlf).toBe('one\r\ntwo');
    // The user's git sees nothing of the store.
    expect(git(root, 'status', '--porcelain', '--untracked-files=all')).not.toContain('.codev/checkpoints');
  });

  it('applies the ignore rules of the folders above a root inside a repository, and the user info/exclude', async () => {
    const top = machine.directory();
    git(top, 'init', '-q');
    write(top, '.gitignore', 'node_modules/\n*.log\n/packages/app/dist/\n/packages/other/\n!/packages/app/dist/keep.txt\n');
    write(top, '.git/info/exclude', 'secret-notes.md\n');
    const root = path.join(top, 'packages', 'app');
    for (const name of ['src/a.ts', 'node_modules/x/index.js', 'debug.log', 'dist/bundle.js', 'secret-notes.md', 'other/kept.ts']) write(root, name, `${name}\n`);
    const store = openCheckpointStore({ directory: path.join(top, '.codev', 'checkpoints') });
    const snapshot = await store.record({ sessionId: 'sub', roots: [root] });
    const listing = git(top, '--git-dir', store.directory, 'ls-tree', '-r', '--name-only', snapshot.roots[0]!.tree).split('\n');
    expect(listing).toEqual(['other/kept.ts', 'src/a.ts']);
  });

  it('counts the lines each change adds and deletes', async () => {
    const { root, store } = project();
    const first = await store.record({ sessionId: 's3', roots: [root] });
    write(root, 'src/index.ts', 'export const a = 1;\nexport const z = 3;\n');
    const second = await store.record({ sessionId: 's3', roots: [root] });
    expect(await store.diff({ from: first, to: second })).toEqual([{ root, path: 'src/index.ts', status: 'modified', additions: 1, deletions: 0 }]);
    expect(await store.patch({ from: first, to: second })).toContain('+export const z = 3;');
  });

  it('lists a file someone changed since the agent left it as a conflict: fail changes nothing, keep restores the rest, overwrite all', async () => {
    const { root, store } = project();
    const first = await store.record({ sessionId: 's4', roots: [root] });
    write(root, 'a', 'the agent wrote this\n');
    write(root, 'untracked.txt', 'the agent wrote this too\n');
    const left = await store.record({ sessionId: 's4', roots: [root] });
    write(root, 'a', 'the user edited this afterwards\n');
    const plan = await store.planRestore({ sessionId: 's4', target: first, reference: left });
    expect(plan.conflicts).toEqual([{ root, path: 'a', reason: 'changed-since' }]);
    const error = await store.applyRestore({ sessionId: 's4', plan }).catch((caught: unknown) => caught);
    expect(CodevError.isInstance(error) && error.code).toBe('REWIND_CONFLICT');
    expect((error as { details: { conflicts: unknown[] } }).details.conflicts).toEqual(plan.conflicts);
    expect(readFileSync(path.join(root, 'untracked.txt'), 'utf8')).toBe('the agent wrote this too\n');
    const kept = await store.applyRestore({ sessionId: 's4', plan, conflicts: { a: 'keep' } });
    expect(kept.kept.map((change) => change.path)).toEqual(['a']);
    expect(readFileSync(path.join(root, 'a'), 'utf8')).toBe('the user edited this afterwards\n');
    expect(readFileSync(path.join(root, 'untracked.txt'), 'utf8')).toBe('not added\n');
    const again = await store.planRestore({ sessionId: 's4', target: first, reference: left });
    await store.applyRestore({ sessionId: 's4', plan: again, conflicts: 'overwrite' });
    expect(readFileSync(path.join(root, 'a'), 'utf8')).toBe('file a\n');
  });

  it('refuses a plan whose files changed after it was made, and changes nothing', async () => {
    const { root, store } = project();
    const first = await store.record({ sessionId: 's5', roots: [root] });
    write(root, 'a', 'agent\n');
    write(root, 'c', 'agent\n');
    const plan = await store.planRestore({ sessionId: 's5', target: first });
    write(root, 'c', 'the user, between the plan and the restore\n');
    const error = await store.applyRestore({ sessionId: 's5', plan, conflicts: 'overwrite' }).catch((caught: unknown) => caught);
    expect(CodevError.isInstance(error) && error.code).toBe('REWIND_CONFLICT');
    expect(readFileSync(path.join(root, 'a'), 'utf8')).toBe('agent\n');
    expect(readFileSync(path.join(root, 'c'), 'utf8')).toBe('the user, between the plan and the restore\n');
  });

  it('records files over the size cap by hash only, hashes an unchanged one once, and never fakes one whose content is gone', async () => {
    const root = machine.directory();
    makeMixedProject(root);
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints'), maxFileBytes: 1000 });
    const big = path.join(root, 'big.dat');
    writeFileSync(big, Buffer.alloc(5000, 'a'));
    const mtime = new Date('2026-01-01T00:00:00Z');
    utimesSync(big, mtime, mtime);
    const first = await store.record({ sessionId: 's6', roots: [root] });
    expect(first.roots[0]!.large).toEqual([{ path: 'big.dat', size: 5000, oid: git(root, 'hash-object', '--no-filters', 'big.dat'), mode: '100644' }]);
    const storeGit = (...args: string[]): string => git(path.join(root, '.codev', 'checkpoints'), '--git-dir=.', ...args);
    expect(() => storeGit('cat-file', '-e', first.roots[0]!.large[0]!.oid)).toThrow();
    expect(storeGit('ls-tree', '-r', '--name-only', first.roots[0]!.tree).split('\n')).not.toContain('big.dat');
    // Same size, same mtime, same inode, other bytes: the cache answers, so the file was not hashed again.
    writeFileSync(big, Buffer.alloc(5000, 'b'));
    utimesSync(big, mtime, mtime);
    const second = await store.record({ sessionId: 's6', roots: [root] });
    expect(second.roots[0]!.large[0]!.oid).toBe(first.roots[0]!.large[0]!.oid);
    writeFileSync(big, Buffer.alloc(6000, 'c'));
    write(root, 'a', 'changed too\n');
    const third = await store.record({ sessionId: 's6', roots: [root] });
    expect(third.roots[0]!.large[0]!.size).toBe(6000);
    const plan = await store.planRestore({ sessionId: 's6', target: first, reference: third });
    expect(plan.conflicts).toEqual([{ root, path: 'big.dat', reason: 'large-not-kept' }]);
    expect(plan.changes.find((change) => change.path === 'big.dat')).toMatchObject({ status: 'modified', large: true });
    const error = await store.applyRestore({ sessionId: 's6', plan }).catch((caught: unknown) => caught);
    expect(CodevError.isInstance(error) && error.code).toBe('REWIND_CONFLICT');
    const result = await store.applyRestore({ sessionId: 's6', plan, conflicts: 'overwrite' });
    expect(result.kept.map((change) => change.path)).toEqual(['big.dat']);
    expect(readFileSync(big).length).toBe(6000);
    expect(readFileSync(path.join(root, 'a'), 'utf8')).toBe('file a\n');
  });

  it('keeps the size cap of every recording: an index seeded from, or left by, a recording with a larger cap never carries a big file in full', async () => {
    const root = machine.directory();
    makeMixedProject(root);
    const directory = path.join(root, '.codev', 'checkpoints');
    writeFileSync(path.join(root, 'big.dat'), Buffer.alloc(5000, 'a'));
    const storeGit = (...args: string[]): string => git(directory, '--git-dir=.', ...args);
    const roomy = await openCheckpointStore({ directory, maxFileBytes: 10_000 }).record({ sessionId: 'roomy', roots: [root] });
    expect(storeGit('ls-tree', '-r', '--name-only', roomy.roots[0]!.tree).split('\n')).toContain('big.dat');
    const capped = openCheckpointStore({ directory, maxFileBytes: 1000 });
    // A new session seeded from the roomy one's index, and the roomy session itself resumed with the smaller cap.
    for (const sessionId of ['seeded', 'roomy']) {
      const snapshot = await capped.record({ sessionId, roots: [root] });
      expect(storeGit('ls-tree', '-r', '--name-only', snapshot.roots[0]!.tree).split('\n')).not.toContain('big.dat');
      expect(snapshot.roots[0]!.large.map((file) => file.path)).toEqual(['big.dat']);
    }
  });

  it('records again from the files when the session index names objects the store no longer has (a recording cut after update-index, its objects pruned since)', async () => {
    const root = machine.directory();
    makeMixedProject(root);
    const directory = path.join(root, '.codev', 'checkpoints');
    const store = openCheckpointStore({ directory });
    await store.record({ sessionId: 'lost-objects', roots: [root] });
    const storeGit = (...args: string[]): string => git(directory, '--git-dir=.', ...args);
    const indexes = path.join(directory, 'codev-indexes', 'lost-objects');
    for (const [turn, opened] of [store, openCheckpointStore({ directory })].entries()) {
      // A recording cut after update-index: the index names the new blob, no tree nor ref keeps it, and prune removes it.
      write(root, 'c', `cut off ${turn}\n`);
      const index = path.join(indexes, readdirSync(indexes)[0]!);
      execFileSync('git', ['--git-dir', directory, '--work-tree', root, 'update-index', '--add', 'c'], { env: { ...process.env, GIT_INDEX_FILE: index } });
      const blob = git(root, 'hash-object', '--no-filters', 'c');
      rmSync(path.join(directory, 'objects', blob.slice(0, 2), blob.slice(2)));
      const snapshot = await opened.record({ sessionId: 'lost-objects', roots: [root] });
      expect(storeGit('cat-file', 'blob', `${snapshot.roots[0]!.tree}:c`)).toBe(`cut off ${turn}`);
    }
  });

  it('records no file the ignore rules now leave out in a new session, though the session its index was seeded from had it', async () => {
    const root = machine.directory();
    makeMixedProject(root);
    const directory = path.join(root, '.codev', 'checkpoints');
    write(root, 'secret.env', 'TOKEN=1\n');
    const storeGit = (...args: string[]): string => git(directory, '--git-dir=.', ...args);
    const before = await openCheckpointStore({ directory }).record({ sessionId: 'before-ignored', roots: [root] });
    expect(storeGit('ls-tree', '-r', '--name-only', before.roots[0]!.tree).split('\n')).toContain('secret.env');
    writeFileSync(path.join(root, '.gitignore'), `${readFileSync(path.join(root, '.gitignore'), 'utf8')}secret.env\n`);
    write(root, 'secret.env', 'TOKEN=2\n');
    const snapshot = await openCheckpointStore({ directory }).record({ sessionId: 'seeded', roots: [root] });
    expect(storeGit('ls-tree', '-r', '--name-only', snapshot.roots[0]!.tree).split('\n')).not.toContain('secret.env');
  });
});
