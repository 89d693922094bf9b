import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { git } from '../../src/checkpoints/test-fixtures/make-mixed-project.ts';
import { readFolderState } from '../../src/checkpoints/test-fixtures/read-folder-state.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * A FIFO, a link to /dev/zero and a socket in a root are recorded as git records them (the link as a link,
 * the FIFO and the socket left out) and nothing hangs, recording or restoring; 10,000 files record and restore.
 */
// Removing thousands of files at the end takes longer than the default hook timeout on a busy machine.
vi.setConfig({ hookTimeout: 120_000 });
const machine = cleanGitMachine('codev-checkpoint-special-');

function listTree(store: string, tree: string): string[] {
  return git(store, '--git-dir=.', 'ls-tree', '-r', '-z', tree).split('\0').filter(Boolean);
}

describe('checkpoints of special files', () => {
  it('records a link to /dev/zero as a link, leaves a FIFO and a socket out, and restores around them', async () => {
    const root = machine.directory();
    git(root, 'init', '-q');
    writeFileSync(path.join(root, 'plain.txt'), 'plain\n');
    writeFileSync(path.join(root, 'becomes-fifo'), 'a file, later a FIFO\n');
    execFileSync('mkfifo', [path.join(root, 'fifo')]);
    symlinkSync('/dev/zero', path.join(root, 'zero'));
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(path.join(root, 'socket'), resolve));
    try {
      const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') });
      const first = await store.record({ sessionId: 'special', roots: [root] });
      const listing = listTree(store.directory, first.roots[0]!.tree);
      expect(listing.map((line) => line.split('\t')[1])).toEqual(['becomes-fifo', 'plain.txt', 'zero']);
      expect(listing.find((line) => line.endsWith('\tzero'))).toMatch(/^120000 /);
      rmSync(path.join(root, 'becomes-fifo'));
      execFileSync('mkfifo', [path.join(root, 'becomes-fifo')]);
      writeFileSync(path.join(root, 'plain.txt'), 'changed\n');
      rmSync(path.join(root, 'zero'));
      const second = await store.record({ sessionId: 'special', roots: [root] });
      expect(listTree(store.directory, second.roots[0]!.tree).map((line) => line.split('\t')[1])).toEqual(['plain.txt']);
      const plan = await store.planRestore({ sessionId: 'special', target: first });
      // The FIFO stands where the file was: a file the restore will not open nor replace without being told.
      expect(plan.changes.map((change) => change.path).sort()).toEqual(['becomes-fifo', 'plain.txt', 'zero']);
      const refused = await store.applyRestore({ sessionId: 'special', plan }).catch((error: unknown) => error);
      expect((refused as { code?: string }).code).toBe('REWIND_CONFLICT');
      rmSync(path.join(root, 'becomes-fifo'));
      const again = await store.planRestore({ sessionId: 'special', target: first });
      await store.applyRestore({ sessionId: 'special', plan: again });
      expect(readlinkSync(path.join(root, 'zero'))).toBe('/dev/zero');
      expect(lstatSync(path.join(root, 'fifo')).isFIFO()).toBe(true);
      expect(lstatSync(path.join(root, 'socket')).isSocket()).toBe(true);
      expect(existsSync(path.join(root, 'becomes-fifo'))).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('records and restores 10,000 files', async () => {
    const root = machine.directory();
    git(root, 'init', '-q');
    for (let index = 0; index < 10_000; index++) {
      const folder = path.join(root, `m${index % 40}`, `d${index % 9}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, `f${index}.txt`), `file ${index}\n`);
    }
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') });
    const first = await store.record({ sessionId: 'many', roots: [root] });
    const before = readFolderState(root);
    expect(listTree(store.directory, first.roots[0]!.tree)).toHaveLength(10_000);
    rmSync(path.join(root, 'm3'), { recursive: true });
    for (let index = 0; index < 10_000; index += 97) if (index % 40 !== 3) writeFileSync(path.join(root, `m${index % 40}`, `d${index % 9}`, `f${index}.txt`), 'changed\n');
    const plan = await store.planRestore({ sessionId: 'many', target: first });
    expect(plan.changes.length).toBeGreaterThan(250);
    await store.applyRestore({ sessionId: 'many', plan });
    expect(readFolderState(root)).toEqual(before);
  }, 120_000);
});
