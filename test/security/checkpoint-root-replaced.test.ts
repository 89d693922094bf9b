import { cpSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { readFolderState } from '../../src/checkpoints/test-fixtures/read-folder-state.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * A root that is itself replaced by a link after it was recorded (the agent's Bash: `mv proj proj.old && ln -s
 * ~ proj`) is another folder: a rewind must not write the checkpoint's files there nor delete that folder's
 * files, even when the agent's last checkpoint (the conflicts' reference) was recorded through the link.
 */
const machine = cleanGitMachine('codev-checkpoint-root-link-');

function setup(): { root: string; outside: string; store: ReturnType<typeof openCheckpointStore> } {
  const base = machine.directory();
  const root = path.join(base, 'project');
  mkdirSync(root);
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
  const outside = machine.directory();
  writeFileSync(path.join(outside, 'precious.txt'), 'the user\'s\n');
  return { root, outside, store: openCheckpointStore({ directory: path.join(base, 'state', '.codev', 'checkpoints') }) };
}

async function codeOf(work: () => Promise<unknown>): Promise<unknown> {
  return work().then(() => 'done', (error: unknown) => (CodevError.isInstance(error) ? error.code : error));
}

describe('a root replaced by a link', () => {
  it('after the recording: the rewind touches nothing behind the link', async () => {
    const { root, outside, store } = setup();
    const first = await store.record({ sessionId: 'root1', roots: [root] });
    renameSync(root, `${root}.old`);
    symlinkSync(outside, root);
    const last = await store.record({ sessionId: 'root1', roots: [root] });
    const outsideBefore = readFolderState(outside);
    const outcome = await codeOf(async () => {
      const plan = await store.planRestore({ sessionId: 'root1', target: first, reference: last });
      await store.applyRestore({ sessionId: 'root1', plan, conflicts: 'overwrite' });
    });
    expect(outcome).toBe('CHECKPOINT_FAILED');
    expect(readFolderState(outside)).toEqual(outsideBefore);
  });

  it('between the plan and the restore, with the same files behind the link', async () => {
    const { root, outside, store } = setup();
    const first = await store.record({ sessionId: 'root2', roots: [root] });
    writeFileSync(path.join(root, 'b.txt'), 'the agent\'s\n');
    const plan = await store.planRestore({ sessionId: 'root2', target: first });
    // The attacker's folder holds exactly what the plan expects to replace, and a file of the user's.
    cpSync(root, outside, { recursive: true });
    const outsideBefore = readFolderState(outside);
    renameSync(root, `${root}.old`);
    symlinkSync(outside, root);
    expect(await codeOf(() => store.applyRestore({ sessionId: 'root2', plan, conflicts: 'overwrite' }))).toBe('CHECKPOINT_FAILED');
    expect(readFolderState(outside)).toEqual(outsideBefore);
  });
});
