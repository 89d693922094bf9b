import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { blobIdOf } from '../../src/checkpoints/git-blob-id.ts';
import { openCheckpointStore } from '../../src/checkpoints/open-checkpoint-store.ts';
import { git } from '../../src/checkpoints/test-fixtures/make-mixed-project.ts';
import { readFolderState } from '../../src/checkpoints/test-fixtures/read-folder-state.ts';
import { CodevError } from '../../src/errors/codev-error.ts';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';

/**
 * A restore journal lives in the store, where an agent's Bash can write: it is an instruction file, read by
 * `recover` (and before every plan and restore) in a later, maybe unsandboxed, codev. A journal planted there
 * must not make codev write or delete anything outside the session's roots, inside a `.git` folder, nor by a
 * crafted journal id (it names the temporary files a recovery removes).
 */
const machine = cleanGitMachine('codev-checkpoint-journal-');

function setup(): { root: string; outside: string; storeDirectory: string; store: ReturnType<typeof openCheckpointStore> } {
  const root = machine.directory();
  const outside = machine.directory();
  writeFileSync(path.join(root, 'a.txt'), 'a\n');
  git(root, 'init', '-q');
  writeFileSync(path.join(outside, 'precious.txt'), 'the user\'s\n');
  const storeDirectory = path.join(root, '.codev', 'checkpoints');
  return { root, outside, storeDirectory, store: openCheckpointStore({ directory: storeDirectory }) };
}

/** What an agent's Bash would do: a blob written into the store with git, and a journal file beside it. */
function plantJournal(storeDirectory: string, sessionId: string, journal: unknown): void {
  mkdirSync(path.join(storeDirectory, 'codev-journals'), { recursive: true });
  writeFileSync(path.join(storeDirectory, 'codev-journals', `${sessionId}.json`), JSON.stringify(journal));
}

function plantBlob(storeDirectory: string, content: string): string {
  return execFileSync('git', ['--git-dir', storeDirectory, 'hash-object', '-w', '--stdin'], { input: content, encoding: 'utf8' }).trim();
}

async function outcome(work: () => Promise<unknown>): Promise<unknown> {
  return work().then((value) => value, (error: unknown) => (CodevError.isInstance(error) ? error.code : error));
}

describe('a restore journal planted in the checkpoint store', () => {
  it('writes no file into a root outside the project, nor into the repository\'s .git', async () => {
    const { root, outside, storeDirectory, store } = setup();
    const first = await store.record({ sessionId: 'planted1', roots: [root] });
    const hook = plantBlob(storeDirectory, '#!/bin/sh\ntouch pwned\n');
    const script = { mode: '100755', oid: hook, large: false };
    plantJournal(storeDirectory, 'planted1', {
      version: 1,
      id: '0123456789abcdef',
      operations: [
        { root: outside, path: 'autostart.sh', to: script },
        { root: path.join(root, '.git', 'hooks'), path: 'post-checkout', to: script },
        { root: path.join(root, '.git'), path: 'config.d', to: script },
      ],
    });
    const outsideBefore = readFolderState(outside);
    await outcome(() => store.recover({ sessionId: 'planted1' }));
    await outcome(() => store.planRestore({ sessionId: 'planted1', target: first }));
    expect(readFolderState(outside)).toEqual(outsideBefore);
    expect(existsSync(path.join(root, '.git', 'hooks', 'post-checkout'))).toBe(false);
    expect(existsSync(path.join(root, '.git', 'config.d'))).toBe(false);
  });

  it('deletes no file outside the project, by its content or by a journal id that climbs out of the root', async () => {
    const { root, outside, storeDirectory, store } = setup();
    await store.record({ sessionId: 'planted2', roots: [root] });
    const precious = { mode: '100644', oid: blobIdOf(readFileSync(path.join(outside, 'precious.txt'))), large: false };
    plantJournal(storeDirectory, 'planted2', { version: 1, id: '0123456789abcdef', operations: [{ root: outside, path: 'precious.txt', from: precious }] });
    await outcome(() => store.recover({ sessionId: 'planted2' }));
    expect(readFileSync(path.join(outside, 'precious.txt'), 'utf8')).toBe('the user\'s\n');
    // The temporary name is `.<name>.codev-restore-<id>` beside the file: an id of `/../..` would reach anywhere.
    const climb = `/${'../'.repeat(2)}${path.relative(root, path.join(outside, 'precious.txt'))}`;
    plantJournal(storeDirectory, 'planted2', { version: 1, id: climb, operations: [{ root, path: 'a.txt', from: { mode: '100644', oid: 'f'.repeat(40), large: false } }] });
    expect(await outcome(() => store.recover({ sessionId: 'planted2' }))).toBe('CHECKPOINT_FAILED');
    expect(readFileSync(path.join(outside, 'precious.txt'), 'utf8')).toBe('the user\'s\n');
  });

  it('refuses a journal that is not one codev wrote (malformed operations) with CHECKPOINT_FAILED, not a crash', async () => {
    const { root, storeDirectory, store } = setup();
    await store.record({ sessionId: 'planted3', roots: [root] });
    for (const journal of [
      { version: 1, id: '0123456789abcdef', operations: [{ root, path: 7 }] },
      { version: 1, id: '0123456789abcdef', operations: [{ root: 'relative/root', path: 'a.txt' }] },
      { version: 1, id: '0123456789abcdef', operations: [{ root, path: 'a.txt', to: { mode: '100644', oid: '--output=/tmp/x', large: false } }] },
      { version: 1, id: '0123456789abcdef', operations: [{ root, path: 'a.txt', to: { mode: '040000', oid: 'f'.repeat(40), large: false } }] },
      '{not json',
    ]) {
      if (typeof journal === 'string') writeFileSync(path.join(storeDirectory, 'codev-journals', 'planted3.json'), journal);
      else plantJournal(storeDirectory, 'planted3', journal);
      expect(await outcome(() => store.recover({ sessionId: 'planted3' }))).toBe('CHECKPOINT_FAILED');
    }
    expect(readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('a\n');
  });
});
