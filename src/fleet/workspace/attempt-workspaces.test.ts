import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { cleanGitMachine } from '../../git/test-fixtures/clean-git-machine.ts';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { checkpointJobWorkspace, prepareJobWorkspace, removeJobWorkspace } from './index.ts';

const { root: temporaryRoot, git, directory } = cleanGitMachine('codev-attempt-workspace-');

function bareRemote(): string {
  const seed = directory();
  git(seed, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(seed, 'README.md'), 'hello\n');
  git(seed, 'add', '-A');
  git(seed, 'commit', '-q', '-m', 'seed');
  const remote = path.join(directory(), 'remote.git');
  git(temporaryRoot, 'clone', '-q', '--bare', seed, remote);
  return remote;
}

/** The pid of a process that has exited: no live process has it (until the system reuses it). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('one checkout per attempt', () => {
  it('each attempt of a job works in its own folder; a new one removes only the folders of attempts whose process is gone', async () => {
    const remote = bareRemote();
    const root = directory();
    const first = await prepareJobWorkspace({ root, jobId: 'job', spec: { repo: remote }, attempt: '1' });
    writeFileSync(path.join(first.path, 'stale.txt'), 'still being written\n');
    // A leftover of an attempt killed on this machine.
    mkdirSync(path.join(root, 'job', '2'), { recursive: true });
    mkdirSync(path.join(root, 'job', '.codev-owner'), { recursive: true });
    writeFileSync(path.join(root, 'job', '.codev-owner', '2'), String(deadPid()));
    const third = await prepareJobWorkspace({ root, jobId: 'job', spec: { repo: remote }, attempt: '3' });
    expect(first.path).toBe(path.join(root, 'job', '1'));
    expect(third.path).toBe(path.join(root, 'job', '3'));
    // Attempt 1's process (this one) is alive: its folder and its work stay.
    expect(existsSync(path.join(first.path, 'stale.txt'))).toBe(true);
    expect(existsSync(path.join(root, 'job', '2'))).toBe(false);
    expect(existsSync(path.join(third.path, 'stale.txt'))).toBe(false);
    // Both still commit with their own trusted git config.
    writeFileSync(path.join(third.path, 'new.txt'), 'x\n');
    await checkpointJobWorkspace({ workspace: third, turn: 1 });
    await removeJobWorkspace({ root, jobId: 'job', attempt: '3' });
    expect(readdirSync(path.join(root, 'job')).filter((name) => !name.startsWith('.'))).toEqual(['1']);
    await removeJobWorkspace({ root, jobId: 'job', attempt: '1' });
    expect(existsSync(path.join(root, 'job'))).toBe(false);
  });

  it('a turn ref is pushed against the value the attempt saw: a stale push fails, the lock holder\'s retry wins', async () => {
    const remote = bareRemote();
    const stale = await prepareJobWorkspace({ root: directory(), jobId: 'job', spec: { repo: remote }, attempt: '1' });
    const holder = await prepareJobWorkspace({ root: directory(), jobId: 'job', spec: { repo: remote }, attempt: '2' });
    writeFileSync(path.join(holder.path, 'holder.txt'), 'h\n');
    const holderCommit = await checkpointJobWorkspace({ workspace: holder, turn: 1 });
    writeFileSync(path.join(stale.path, 'stale.txt'), 's\n');
    let asked = 0;
    const fenced = async () => {
      // Passes the first check (the lock looked held), then the lock is lost.
      if (asked++ > 0) throw new CodevError('JOB_ATTEMPT_FENCED', 'the lock is lost');
    };
    expect(await rejectionCode(checkpointJobWorkspace({ workspace: stale, turn: 1, beforePush: fenced }))).toBe('JOB_ATTEMPT_FENCED');
    expect(git(remote, 'rev-parse', 'refs/codev/jobs/job/turn-1')).toBe(holderCommit);
    // The holder redoes the turn: its lease fails on the ref it did not see, it is asked again, and overwrites.
    const again = await prepareJobWorkspace({ root: directory(), jobId: 'job', spec: { repo: remote }, attempt: '3' });
    git(remote, 'update-ref', 'refs/codev/jobs/job/turn-2', holderCommit);
    writeFileSync(path.join(again.path, 'again.txt'), 'a\n');
    const asks: number[] = [];
    const commit = await checkpointJobWorkspace({ workspace: again, turn: 2, beforePush: async () => void asks.push(asks.length) });
    expect(asks).toHaveLength(2);
    expect(git(remote, 'rev-parse', 'refs/codev/jobs/job/turn-2')).toBe(commit);
  });

  it('resumes from the commit the job state names, not from what the turn ref holds', async () => {
    const remote = bareRemote();
    const first = await prepareJobWorkspace({ root: directory(), jobId: 'job', spec: { repo: remote }, attempt: '1' });
    writeFileSync(path.join(first.path, 'named.txt'), 'n\n');
    const named = await checkpointJobWorkspace({ workspace: first, turn: 1 });
    writeFileSync(path.join(first.path, 'other.txt'), 'o\n');
    const other = await checkpointJobWorkspace({ workspace: first, turn: 2 });
    git(remote, 'update-ref', 'refs/codev/jobs/job/turn-1', other);
    const resumed = await prepareJobWorkspace({ root: directory(), jobId: 'job', spec: { repo: remote }, resumeTurn: 1, resumeCommit: named, attempt: '2' });
    expect(git(resumed.path, 'rev-parse', 'HEAD')).toBe(named);
    expect(existsSync(path.join(resumed.path, 'other.txt'))).toBe(false);
  });
});
