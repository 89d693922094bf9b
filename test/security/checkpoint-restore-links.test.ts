import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { git } from '../../src/checkpoints/test-fixtures/make-mixed-project.ts';
import { readFolderState } from '../../src/checkpoints/test-fixtures/read-folder-state.ts';
import type { Snapshot } from '../../src/checkpoints/types.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * A restore never writes outside its root nor through a link: a folder (or a path's parent) replaced by a link
 * to a folder outside after the recording is replaced by the folder again, and the outside folder is untouched;
 * paths read from a tree (or a snapshot's large files) that hold `..`, `.git` or are absolute are refused.
 */
const machine = cleanGitMachine('codev-checkpoint-links-');

function setup(): { root: string; outside: string; store: ReturnType<typeof openCheckpointStore> } {
  const root = machine.directory();
  const outside = machine.directory();
  for (const [name, content] of [['src/a.ts', 'a\n'], ['src/lib/b.ts', 'b\n'], ['docs/readme.md', 'docs\n']]) {
    mkdirSync(path.dirname(path.join(root, name!)), { recursive: true });
    writeFileSync(path.join(root, name!), content!);
  }
  git(root, 'init', '-q');
  writeFileSync(path.join(outside, 'a.ts'), 'outside a\n');
  writeFileSync(path.join(outside, 'b.ts'), 'outside b\n');
  mkdirSync(path.join(outside, 'lib'));
  writeFileSync(path.join(outside, 'lib', 'b.ts'), 'outside lib b\n');
  return { root, outside, store: openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') }) };
}

describe('checkpoint restores and links', () => {
  it('replaces a folder that became a link to a folder outside, never writing through it', async () => {
    const { root, outside, store } = setup();
    const before = readFolderState(root);
    const first = await store.record({ sessionId: 'links1', roots: [root] });
    const outsideBefore = readFolderState(outside);
    rmSync(path.join(root, 'src'), { recursive: true });
    symlinkSync(outside, path.join(root, 'src'));
    const plan = await store.planRestore({ sessionId: 'links1', target: first });
    await store.applyRestore({ sessionId: 'links1', plan });
    expect(readFolderState(outside)).toEqual(outsideBefore);
    expect(readFolderState(root)).toEqual(before);
  });

  it('replaces a parent of a path that became a link', async () => {
    const { root, outside, store } = setup();
    const before = readFolderState(root);
    const first = await store.record({ sessionId: 'links2', roots: [root] });
    const outsideBefore = readFolderState(outside);
    rmSync(path.join(root, 'src', 'lib'), { recursive: true });
    symlinkSync(path.join(outside, 'lib'), path.join(root, 'src', 'lib'));
    writeFileSync(path.join(root, 'src', 'a.ts'), 'changed\n');
    const plan = await store.planRestore({ sessionId: 'links2', target: first });
    await store.applyRestore({ sessionId: 'links2', plan });
    expect(readFolderState(outside)).toEqual(outsideBefore);
    expect(readFolderState(root)).toEqual(before);
  });

  it('refuses when a folder is swapped for a link between the plan and the restore (same files behind it)', async () => {
    const { root, outside, store } = setup();
    const first = await store.record({ sessionId: 'links3', roots: [root] });
    writeFileSync(path.join(root, 'src', 'lib', 'b.ts'), 'the agent\n');
    const plan = await store.planRestore({ sessionId: 'links3', target: first });
    // The attacker's folder holds exactly what the plan expects to replace.
    writeFileSync(path.join(outside, 'lib', 'b.ts'), 'the agent\n');
    const outsideBefore = readFolderState(outside);
    renameSync(path.join(root, 'src', 'lib'), path.join(root, 'lib-moved-away'));
    symlinkSync(path.join(outside, 'lib'), path.join(root, 'src', 'lib'));
    const error = await store.applyRestore({ sessionId: 'links3', plan, conflicts: 'overwrite' }).catch((caught: unknown) => caught);
    expect(CodevError.isInstance(error) && error.code).toBe('REWIND_CONFLICT');
    expect(readFolderState(outside)).toEqual(outsideBefore);
  });

  it('refuses tree paths with .., .git or absolute names, large-file paths likewise, and tree ids that are git options, writing nothing', async () => {
    const { root, outside, store } = setup();
    const first = await store.record({ sessionId: 'links4', roots: [root] });
    const storeDirectory = path.join(root, '.codev', 'checkpoints');
    const storeGit = (input: Buffer | string, ...args: string[]): string =>
      execFileSync('git', ['--git-dir', storeDirectory, ...args], { input, encoding: 'utf8' }).trim();
    const blob = storeGit('pwned\n', 'hash-object', '-w', '--stdin');
    const entry = (name: string, mode: string, oid: string): Buffer => Buffer.concat([Buffer.from(`${mode} ${name}\0`), Buffer.from(oid, 'hex')]);
    const tree = (...entries: Buffer[]): string => storeGit(Buffer.concat(entries), 'hash-object', '-t', 'tree', '--literally', '-w', '--stdin');
    const hooks = tree(entry('pre-commit', '100755', blob));
    const dotGit = tree(entry('hooks', '40000', hooks));
    const hostile = [
      tree(entry('..', '40000', tree(entry('escaped.txt', '100644', blob)))),
      tree(entry('.git', '40000', dotGit)),
      tree(entry('.GIT', '40000', dotGit)),
      tree(entry('a/../../escaped.txt', '100644', blob)),
    ];
    const outsideBefore = readFolderState(outside);
    const rootBefore = readFolderState(root, ['.codev']);
    const marker = path.join(outside, 'written-by-git-output');
    const optionTree = { roots: [{ root, tree: `--output=${marker}`, large: [] }] } as Snapshot;
    for (const attempt of [() => store.diff({ from: first, to: optionTree }), () => store.patch({ from: optionTree, to: first }), () => store.planRestore({ sessionId: 'links4', target: optionTree })]) {
      const error = await attempt().catch((caught: unknown) => caught);
      expect(CodevError.isInstance(error) && error.code).toBe('CHECKPOINT_FAILED');
    }
    for (const target of [...hostile.map((hostileTree) => ({ roots: [{ root, tree: hostileTree, large: [] }] })), { roots: [{ ...first.roots[0]!, large: [{ path: '../escaped.txt', size: 1, oid: blob, mode: '100644' }] }] }] as Snapshot[]) {
      const plan = await store.planRestore({ sessionId: 'links4', target }).catch((caught: unknown) => caught);
      const error = CodevError.isInstance(plan) ? plan : await store.applyRestore({ sessionId: 'links4', plan: plan as never, conflicts: 'overwrite' }).catch((caught: unknown) => caught);
      expect(CodevError.isInstance(error) && error.code).toBe('CHECKPOINT_FAILED');
    }
    expect(readFolderState(outside)).toEqual(outsideBefore);
    expect(readFolderState(root, ['.codev'])).toEqual(rootBefore);
    expect(readFileSync(path.join(root, '.git', 'HEAD'), 'utf8')).toContain('ref:');
    expect(readFolderState(path.dirname(root)).filter((line) => line.includes('escaped'))).toEqual([]);
  });
});
