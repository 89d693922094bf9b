import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_TREE } from '../../src/checkpoints/diff-snapshots.ts';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { git } from '../../src/checkpoints/test-fixtures/make-mixed-project.ts';
import { readFolderState } from '../../src/checkpoints/test-fixtures/read-folder-state.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * codev's own state in a project (the transcripts, settings.local.json, the store) is never part of a
 * checkpoint, whatever the roots' `.gitignore` files say: a negation (`!**`, `!.codev/sessions/`) written by
 * the agent must not put it in, or a rewind would delete the sessions made since and take back (or give
 * back) the permissions granted meanwhile.
 */
const machine = cleanGitMachine('codev-checkpoint-state-');

describe('codev state and hostile .gitignore negations', () => {
  it('records none of it and a rewind leaves it as it is', async () => {
    const root = machine.directory();
    git(root, 'init', '-q');
    const sessions = path.join(root, '.codev', 'sessions');
    mkdirSync(sessions, { recursive: true });
    writeFileSync(path.join(sessions, 'first.jsonl'), '{"turn":1}\n');
    writeFileSync(path.join(root, '.codev', 'settings.local.json'), '{"allow":[]}\n');
    writeFileSync(path.join(root, '.gitignore'), '!**\n!.codev/\n!.codev/sessions/\n!.codev/checkpoints/**\n!/.codev/settings.local.json\n');
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    const store = openCheckpointStore({ directory: path.join(root, '.codev', 'checkpoints') });
    const first = await store.record({ sessionId: 'state', roots: [root] });
    const empty = { roots: [{ root, tree: EMPTY_TREE, large: [] }] };
    expect((await store.diff({ from: empty, to: first })).map((change) => change.path)).toEqual(['.gitignore', 'a.txt']);
    writeFileSync(path.join(sessions, 'first.jsonl'), '{"turn":1}\n{"turn":2}\n');
    writeFileSync(path.join(sessions, 'second.jsonl'), '{"turn":1}\n');
    writeFileSync(path.join(root, '.codev', 'settings.local.json'), '{"allow":["Bash"]}\n');
    writeFileSync(path.join(root, 'a.txt'), 'changed\n');
    const state = readFolderState(path.join(root, '.codev'), ['checkpoints']);
    const plan = await store.planRestore({ sessionId: 'state', target: first });
    expect(plan.changes.map((change) => change.path)).toEqual(['a.txt']);
    await store.applyRestore({ sessionId: 'state', plan, conflicts: 'overwrite' });
    expect(readFolderState(path.join(root, '.codev'), ['checkpoints'])).toEqual(state);
    expect(readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('a\n');
  });
});
