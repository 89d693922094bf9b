/**
 * What a job resumed (or rewound) on another worker finds of files the repository's `.gitattributes` converts:
 * the fleet's checkpoint commits follow those rules as the agent's own commit would, so the other worker's
 * checkout is what a `git clone` of that commit gives. A CRLF file under `* text=auto` comes back with LF
 * (the worker's native line ending, git's `core.eol` default); a `-text` file byte for byte; modes and links as
 * they were; and the checkout is clean (nothing recorded as changed at the next turn).
 */
import { chmodSync, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanGitMachine } from '../../src/git/test-fixtures/clean-git-machine.ts';
import { checkpointJobWorkspace, prepareJobWorkspace } from '../../src/fleet/workspace/index.ts';

const { root: temporaryRoot, git, directory } = cleanGitMachine('codev-resume-eol-');
const write = (root: string, file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

function bareRemote(): string {
  const seed = directory();
  git(seed, 'init', '-q', '-b', 'main');
  write(seed, 'README.md', 'hello\n');
  git(seed, 'add', '-A');
  git(seed, 'commit', '-q', '-m', 'first');
  const remote = path.join(directory(), 'remote.git');
  git(temporaryRoot, 'clone', '-q', '--bare', seed, remote);
  return remote;
}

describe('a job resumed on another worker, in a repository with line-ending rules', () => {
  it('finds a CRLF text file with LF (as a clone of the commit), a -text file, modes and links exactly, and a clean checkout', async () => {
    const remote = bareRemote();
    const onA = await prepareJobWorkspace({ root: directory(), jobId: 'eol-1', spec: { repo: remote } });
    write(onA.path, '.gitattributes', '* text=auto\n*.bin -text\n');
    write(onA.path, 'windows.txt', 'one\r\ntwo\r\n');
    write(onA.path, 'raw.bin', 'one\r\ntwo\r\n');
    write(onA.path, 'run.sh', '#!/bin/sh\r\necho hi\r\n');
    chmodSync(path.join(onA.path, 'run.sh'), 0o755);
    symlinkSync('windows.txt', path.join(onA.path, 'link'));
    const turn1 = await checkpointJobWorkspace({ workspace: onA, turn: 1 });
    // The CRLF file left as it is on this worker is no change at the next turn (its stored form is LF).
    expect(await checkpointJobWorkspace({ workspace: onA, turn: 2 })).toBe(turn1);

    const onB = await prepareJobWorkspace({ root: directory(), jobId: 'eol-1', spec: { repo: remote }, resumeTurn: 1, resumeCommit: turn1 });
    expect(git(onB.path, 'rev-parse', 'HEAD')).toBe(turn1);
    expect(readFileSync(path.join(onB.path, 'windows.txt'), 'latin1')).toBe('one\ntwo\n');
    expect(readFileSync(path.join(onB.path, 'raw.bin'), 'latin1')).toBe('one\r\ntwo\r\n');
    expect(readFileSync(path.join(onB.path, 'run.sh'), 'latin1')).toBe('#!/bin/sh\necho hi\n');
    expect(lstatSync(path.join(onB.path, 'run.sh')).mode & 0o111).not.toBe(0);
    expect(readlinkSync(path.join(onB.path, 'link'))).toBe('windows.txt');
    expect(git(onB.path, 'status', '--porcelain', '--untracked-files=all')).toBe('');
    // Nothing changed since: the next turn's checkpoint is the same commit.
    expect(await checkpointJobWorkspace({ workspace: onB, turn: 3 })).toBe(turn1);
    // What a clone of the commit gives.
    const clone = path.join(directory(), 'clone');
    git(temporaryRoot, 'clone', '-q', remote, clone);
    git(clone, 'checkout', '-q', turn1);
    expect(readFileSync(path.join(clone, 'windows.txt'), 'latin1')).toBe(readFileSync(path.join(onB.path, 'windows.txt'), 'latin1'));
  });
});
