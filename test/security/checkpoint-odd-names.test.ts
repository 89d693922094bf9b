import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { readFolderState } from '../../src/checkpoints/test-fixtures/read-folder-state.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * Names are bytes on this (case-sensitive, non-normalizing) disk: NFC and NFD forms of one word, two names that
 * differ only by case, backslashes (an ordinary character outside Windows), tabs, newlines and leading dashes
 * are each their own file, recorded and restored exactly, and none of them blocks a rewind.
 */
const machine = cleanGitMachine('codev-checkpoint-names-');
const NAMES = ['caf\u00e9.txt', 'cafe\u0301.txt', 'Readme', 'README', 'back\\slash', 'dir\\name/inner', 'tab\there', 'new\nline', '-n', '--output=x', 'sub/-rf'];

describe('odd names', () => {
  it('restores every one exactly', async () => {
    const root = machine.directory();
    for (const name of NAMES) {
      mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      writeFileSync(path.join(root, name), `${name}\n`);
    }
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') });
    const before = readFolderState(root);
    const first = await store.record({ sessionId: 'names', roots: [root] });
    for (const [index, name] of NAMES.entries()) {
      if (index % 2 === 0) writeFileSync(path.join(root, name), 'changed\n');
      else rmSync(path.join(root, name));
    }
    writeFileSync(path.join(root, 'back\\slash.new'), 'added\n');
    const plan = await store.planRestore({ sessionId: 'names', target: first });
    expect(plan.changes).toHaveLength(NAMES.length + 1);
    const result = await store.applyRestore({ sessionId: 'names', plan });
    expect(result.kept).toEqual([]);
    expect(readFolderState(root)).toEqual(before);
  });
});
