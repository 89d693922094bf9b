import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanGitMachine } from '../../git/test-fixtures/clean-git-machine.ts';
import { checkpointJobWorkspace, deleteJobCheckpoints, finishJobWorkspace, prepareJobWorkspace, removeJobWorkspace, type JobWorkspace } from './index.ts';

const { root: temporaryRoot, git, directory } = cleanGitMachine('codev-job-workspace-');
const write = (root: string, file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
const treeFiles = (repo: string, commit: string) => git(repo, 'ls-tree', '-r', '--name-only', commit).split('\n').filter(Boolean);
const remoteRefs = (repo: string, prefix: string) => git(repo, 'for-each-ref', '--format=%(refname)', prefix).split('\n').filter(Boolean);

/** A working repository with a first commit: a.txt, b.txt, gone.txt and a .gitignore of `*.log`. */
function workingRepository(): string {
  const root = directory();
  git(root, 'init', '-q', '-b', 'main');
  write(root, 'a.txt', 'a\n');
  write(root, 'b.txt', 'b\n');
  write(root, 'gone.txt', 'gone\n');
  write(root, '.gitignore', '*.log\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  return root;
}

/** The "shared remote": a bare clone of {@link workingRepository}. */
function bareRemote(): string {
  const remote = path.join(directory(), 'remote.git');
  git(temporaryRoot, 'clone', '-q', '--bare', workingRepository(), remote);
  return remote;
}

describe('a job moving between two workers', () => {
  it('resumes on another machine with exactly the files of the last checkpointed turn, then finishes as a branch', async () => {
    const remote = bareRemote();
    const base = git(remote, 'rev-parse', 'HEAD');
    const [machineA, machineB] = [directory(), directory()];
    const spec = { repo: remote };

    const onA = await prepareJobWorkspace({ root: machineA, jobId: 'job-1', spec });
    expect(onA).toEqual({ path: path.join(machineA, 'job-1'), jobId: 'job-1', repo: remote, baseCommit: base, turn: 0 });
    expect(git(onA.path, 'branch', '--show-current')).toBe('codev/jobs/job-1');
    expect(git(onA.path, 'status', '--porcelain')).toBe('');
    expect(remoteRefs(remote, 'refs/codev/')).toEqual(['refs/codev/jobs/job-1/base']);

    write(onA.path, 'a.txt', 'a from turn 1\n');
    write(onA.path, 'new/c.txt', 'c\n');
    rmSync(path.join(onA.path, 'gone.txt'));
    write(onA.path, 'debug.log', 'ignored\n');
    const turn1 = await checkpointJobWorkspace({ workspace: onA, turn: 1 });
    expect(git(remote, 'rev-parse', 'refs/codev/jobs/job-1/turn-1')).toBe(turn1);
    expect(treeFiles(remote, turn1)).toEqual(['.gitignore', 'a.txt', 'b.txt', 'new/c.txt']);
    expect(git(remote, 'log', '-1', '--format=%an <%ae>|%cn <%ce>', turn1)).toBe('codev <codev@localhost>|codev <codev@localhost>');

    write(onA.path, 'b.txt', 'b from turn 2\n');
    const turn2 = await checkpointJobWorkspace({ workspace: onA, turn: 2 });
    expect(git(remote, 'rev-parse', `${turn2}^`)).toBe(turn1);

    // The interrupted turn 3: edits the transcript never records, then worker A dies.
    write(onA.path, 'a.txt', 'a from the lost turn 3\n');
    write(onA.path, 'lost.txt', 'lost\n');
    rmSync(path.join(onA.path, 'b.txt'));

    const onB = await prepareJobWorkspace({ root: machineB, jobId: 'job-1', spec, resumeTurn: 2 });
    expect(onB).toMatchObject({ path: path.join(machineB, 'job-1'), baseCommit: base, turn: 2 });
    expect(git(onB.path, 'rev-parse', 'HEAD')).toBe(turn2);
    expect(git(onB.path, 'status', '--porcelain', '--ignored')).toBe('');
    expect(read(onB.path, 'a.txt')).toBe('a from turn 1\n');
    expect(read(onB.path, 'b.txt')).toBe('b from turn 2\n');
    expect(read(onB.path, 'new/c.txt')).toBe('c\n');
    for (const file of ['gone.txt', 'lost.txt', 'debug.log']) expect(existsSync(path.join(onB.path, file))).toBe(false);

    write(onB.path, 'b.txt', 'b from turn 3\n');
    write(onB.path, 'd.bin', 'binary\0data\n');
    const turn3 = await checkpointJobWorkspace({ workspace: onB, turn: 3 });
    write(onB.path, 'e.txt', 'left after the last turn\n');
    const finished = await finishJobWorkspace({ workspace: onB });

    expect(finished).toMatchObject({ branch: 'codev/jobs/job-1', baseCommit: base, patchTruncated: false });
    expect(git(remote, 'rev-parse', 'refs/heads/codev/jobs/job-1')).toBe(finished.commit);
    expect(git(remote, 'rev-parse', `${finished.commit}^`)).toBe(turn3);
    expect(treeFiles(remote, finished.commit)).toEqual(['.gitignore', 'a.txt', 'b.txt', 'd.bin', 'e.txt', 'new/c.txt']);
    expect(finished.changedFiles).toEqual(['a.txt', 'b.txt', 'd.bin', 'e.txt', 'gone.txt', 'new/c.txt']);

    // The patch rebuilds the branch's tree from the base commit.
    const check = path.join(directory(), 'check');
    git(temporaryRoot, 'clone', '-q', remote, check);
    git(check, 'checkout', '-q', base);
    writeFileSync(path.join(temporaryRoot, 'job-1.patch'), finished.patch);
    git(check, 'apply', '--index', path.join(temporaryRoot, 'job-1.patch'));
    expect(git(check, 'write-tree')).toBe(git(remote, 'rev-parse', `${finished.commit}^{tree}`));

    // The hidden refs stay until the result is stored; then they go, the branch stays.
    expect(await deleteJobCheckpoints({ repo: remote, jobId: 'job-1' })).toBe(4);
    expect(remoteRefs(remote, 'refs/codev/')).toEqual([]);
    expect(await deleteJobCheckpoints({ repo: remote, jobId: 'job-1' })).toBe(0);
    expect(git(remote, 'rev-parse', 'refs/heads/codev/jobs/job-1')).toBe(finished.commit);

    await removeJobWorkspace({ root: machineB, jobId: 'job-1' });
    expect(existsSync(onB.path)).toBe(false);
    await removeJobWorkspace({ root: machineB, jobId: 'job-1' });
  });

  it('wipes a leftover checkout of a dead run on the same machine, uncommitted edits included', async () => {
    const remote = bareRemote();
    const root = directory();
    const first = await prepareJobWorkspace({ root, jobId: 'job-2', spec: { repo: remote } });
    write(first.path, 'a.txt', 'turn 1\n');
    await checkpointJobWorkspace({ workspace: first, turn: 1 });
    write(first.path, 'a.txt', 'interrupted turn 2\n');
    write(first.path, 'untracked.txt', 'x\n');
    write(first.path, 'ignored.log', 'x\n');

    const again = await prepareJobWorkspace({ root, jobId: 'job-2', spec: { repo: remote }, resumeTurn: 1 });
    expect(again).toMatchObject({ path: first.path, turn: 1 });
    expect(read(again.path, 'a.txt')).toBe('turn 1\n');
    expect(existsSync(path.join(again.path, 'untracked.txt'))).toBe(false);
    expect(existsSync(path.join(again.path, 'ignored.log'))).toBe(false);
  });
});

describe('checkpoint selection', () => {
  async function jobWithTurns(turns: number[]): Promise<{ remote: string; commits: Map<number, string>; workspace: JobWorkspace }> {
    const remote = bareRemote();
    const workspace = await prepareJobWorkspace({ root: directory(), jobId: 'pick', spec: { repo: remote } });
    const commits = new Map<number, string>();
    for (const turn of turns) {
      write(workspace.path, 'turn.txt', `${turn}\n`);
      commits.set(turn, await checkpointJobWorkspace({ workspace, turn }));
    }
    return { remote, commits, workspace };
  }

  it('takes the highest checkpointed turn at most resumeTurn; none asked: the recorded base', async () => {
    const { remote, commits, workspace } = await jobWithTurns([1, 2, 4]);
    const resume = (resumeTurn?: number) => prepareJobWorkspace({ root: directory(), jobId: 'pick', spec: { repo: remote }, resumeTurn });
    for (const [resumeTurn, turn] of [[3, 2], [4, 4], [10, 4], [1, 1]] as const) {
      const resumed = await resume(resumeTurn);
      expect(resumed.turn).toBe(turn);
      expect(git(resumed.path, 'rev-parse', 'HEAD')).toBe(commits.get(turn));
      expect(read(resumed.path, 'turn.txt')).toBe(`${turn}\n`);
    }
    for (const resumeTurn of [0, undefined]) {
      const fresh = await resume(resumeTurn);
      expect(fresh).toMatchObject({ turn: 0, baseCommit: workspace.baseCommit });
      expect(git(fresh.path, 'rev-parse', 'HEAD')).toBe(workspace.baseCommit);
    }
  });

  it('keeps the base commit an earlier attempt recorded, even when the ref moved since', async () => {
    const { remote, workspace } = await jobWithTurns([1]);
    const pusher = path.join(directory(), 'pusher');
    git(temporaryRoot, 'clone', '-q', remote, pusher);
    write(pusher, 'a.txt', 'moved on\n');
    git(pusher, 'commit', '-q', '-am', 'later');
    git(pusher, 'push', '-q', 'origin', 'main');
    const resumed = await prepareJobWorkspace({ root: directory(), jobId: 'pick', spec: { repo: remote, ref: 'main' }, resumeTurn: 1 });
    expect(resumed.baseCommit).toBe(workspace.baseCommit);
    const other = await prepareJobWorkspace({ root: directory(), jobId: 'other', spec: { repo: remote, ref: 'main' } });
    expect(other.baseCommit).toBe(git(pusher, 'rev-parse', 'HEAD'));
  });

  it('records a turn that changed nothing at the same commit, and replaces a turn redone after a death', async () => {
    const { remote, commits, workspace } = await jobWithTurns([1, 2]);
    expect(await checkpointJobWorkspace({ workspace, turn: 3 })).toBe(commits.get(2));
    expect(git(remote, 'rev-parse', 'refs/codev/jobs/pick/turn-3')).toBe(commits.get(2));

    const redo = await prepareJobWorkspace({ root: directory(), jobId: 'pick', spec: { repo: remote }, resumeTurn: 1 });
    write(redo.path, 'turn.txt', 'redone 2\n');
    const redone = await checkpointJobWorkspace({ workspace: redo, turn: 2 });
    expect(git(remote, 'rev-parse', 'refs/codev/jobs/pick/turn-2')).toBe(redone);
    expect(redone).not.toBe(commits.get(2));
  });
});

describe('a non-bare local repository', () => {
  it('starts from a branch, tag or commit, and pushes the result without touching the checkout there', async () => {
    const repository = workingRepository();
    git(repository, 'checkout', '-q', '-b', 'feature');
    write(repository, 'feature.txt', 'feature\n');
    git(repository, 'add', '-A');
    git(repository, 'commit', '-q', '-m', 'feature');
    git(repository, 'tag', 'v1');
    const feature = git(repository, 'rev-parse', 'HEAD');
    git(repository, 'checkout', '-q', 'main');
    const main = git(repository, 'rev-parse', 'HEAD');
    const root = directory();

    for (const ref of ['feature', 'v1', feature.slice(0, 12)]) {
      const workspace = await prepareJobWorkspace({ root, jobId: 'local', spec: { repo: repository, ref } });
      expect(workspace.baseCommit).toBe(feature);
      expect(read(workspace.path, 'feature.txt')).toBe('feature\n');
      await deleteJobCheckpoints({ repo: repository, jobId: 'local' });
    }
    const relative = path.relative(process.cwd(), repository);
    const workspace = await prepareJobWorkspace({ root, jobId: 'local', spec: { repo: relative } });
    expect(workspace).toMatchObject({ repo: repository, baseCommit: main });
    write(workspace.path, 'a.txt', 'changed\n');
    await checkpointJobWorkspace({ workspace, turn: 1 });
    const finished = await finishJobWorkspace({ workspace });
    expect(finished.changedFiles).toEqual(['a.txt']);
    expect(finished.patch).toContain('-a\n+changed\n');
    expect(git(repository, 'rev-parse', 'refs/heads/codev/jobs/local')).toBe(finished.commit);
    expect(git(repository, 'branch', '--show-current')).toBe('main');
    expect(git(repository, 'status', '--porcelain')).toBe('');
    expect(read(repository, 'a.txt')).toBe('a\n');
    // A normal clone: the job's objects are its own files, not hardlinks into the repository.
    expect(existsSync(path.join(workspace.path, '.git', 'objects', 'info', 'alternates'))).toBe(false);
  });
});

describe('failures', () => {
  it('gives WORKSPACE_FAILED for a repository or ref git cannot use, and leaves no folder', async () => {
    const root = directory();
    const missing = prepareJobWorkspace({ root, jobId: 'bad', spec: { repo: path.join(temporaryRoot, 'no-such-repo') } });
    await expect(missing).rejects.toMatchObject({ code: 'WORKSPACE_FAILED', message: expect.stringContaining('no-such-repo') });
    const badRef = prepareJobWorkspace({ root, jobId: 'bad', spec: { repo: bareRemote(), ref: 'no-such-branch' } });
    await expect(badRef).rejects.toMatchObject({ code: 'WORKSPACE_FAILED', hint: expect.stringContaining('workspace.ref') });
    expect(existsSync(path.join(root, 'bad'))).toBe(false);
  });

  it('refuses unsafe job ids, turns and repositories, and an aborted signal', async () => {
    const remote = bareRemote();
    for (const jobId of ['../escape', 'a/b', '.hidden', 'x..y', 'x.lock', '', 'a:b']) {
      await expect(prepareJobWorkspace({ root: directory(), jobId, spec: { repo: remote } })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    }
    await expect(prepareJobWorkspace({ root: directory(), jobId: 'x', spec: { repo: '--upload-pack=touch' } })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    await expect(prepareJobWorkspace({ root: directory(), jobId: 'x', spec: { repo: remote, ref: '--help' } })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
    await expect(prepareJobWorkspace({ root: directory(), jobId: 'x', spec: { repo: remote }, signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'TOOL_ABORTED' });
    const workspace = await prepareJobWorkspace({ root: directory(), jobId: 'x', spec: { repo: remote } });
    await expect(checkpointJobWorkspace({ workspace, turn: 0 })).rejects.toMatchObject({ code: 'INPUT_INVALID' });
  });
});

describe('what the agent may have planted in the checkout', () => {
  it('runs no hook, filter or fsmonitor of the checkout, and commits as codev', async () => {
    const remote = bareRemote();
    const workspace = await prepareJobWorkspace({ root: directory(), jobId: 'hooks', spec: { repo: remote } });
    const marker = (name: string) => path.join(temporaryRoot, `ran-${name}`);
    const script = (name: string) => {
      const file = path.join(workspace.path, '.git', 'hooks', name);
      writeFileSync(file, `#!/bin/sh\necho ran > '${marker(name)}'\n`);
      chmodSync(file, 0o755);
      return file;
    };
    for (const hook of ['pre-commit', 'post-commit', 'commit-msg', 'pre-push', 'reference-transaction']) script(hook);
    const config = path.join(workspace.path, '.git', 'config');
    writeFileSync(
      config,
      `${readFileSync(config, 'utf8')}[core]\n\tfsmonitor = ${script('fsmonitor')}\n\thooksPath = .git/hooks\n[filter "evil"]\n\tclean = ${script('filter')}\n[user]\n\tname = agent\n\temail = agent@evil\n[commit]\n\tgpgSign = true\n`,
    );
    write(workspace.path, '.gitattributes', '*.txt filter=evil\n');
    write(workspace.path, 'a.txt', 'edited\n');

    const commit = await checkpointJobWorkspace({ workspace, turn: 1 });
    const finished = await finishJobWorkspace({ workspace });
    const ran = ['pre-commit', 'post-commit', 'commit-msg', 'pre-push', 'reference-transaction', 'fsmonitor', 'filter'].filter((name) => existsSync(marker(name)));
    expect(ran).toEqual([]);
    expect(git(remote, 'show', `${commit}:a.txt`)).toBe('edited');
    expect(git(remote, 'log', '-1', '--format=%an <%ae>', commit)).toBe('codev <codev@localhost>');
    expect(finished.commit).toBe(commit);
    expect(readFileSync(config, 'utf8')).not.toContain('evil');
  });

  it('refuses a .git replaced by a link instead of writing through it', async () => {
    const workspace = await prepareJobWorkspace({ root: directory(), jobId: 'link', spec: { repo: bareRemote() } });
    const elsewhere = directory();
    rmSync(path.join(workspace.path, '.git'), { recursive: true });
    execFileSync('ln', ['-s', elsewhere, path.join(workspace.path, '.git')]);
    await expect(checkpointJobWorkspace({ workspace, turn: 1 })).rejects.toMatchObject({ code: 'WORKSPACE_FAILED' });
    expect(existsSync(path.join(elsewhere, 'config'))).toBe(false);
  });
});

describe('the patch', () => {
  it('is cut at a line end under the cap, flagged, while the branch holds everything', async () => {
    const remote = bareRemote();
    const workspace = await prepareJobWorkspace({ root: directory(), jobId: 'big', spec: { repo: remote } });
    write(workspace.path, 'big.txt', Array.from({ length: 2000 }, (_, line) => `line ${line} é\n`).join(''));
    const finished = await finishJobWorkspace({ workspace, maxPatchBytes: 4096 });
    expect(finished.patchTruncated).toBe(true);
    expect(Buffer.byteLength(finished.patch)).toBeLessThanOrEqual(4096);
    expect(finished.patch.endsWith('\n')).toBe(true);
    expect(finished.patch.startsWith('diff --git a/big.txt b/big.txt\n')).toBe(true);
    expect(git(remote, 'show', `${finished.commit}:big.txt`).split('\n')).toHaveLength(2000);
  });
});

describe("the agent's own git state", () => {
  it("is left as the agent left it by a checkpoint: its index (what it staged), HEAD and branch; the checkpoint holds every file all the same", async () => {
    const remote = bareRemote();
    const workspace = await prepareJobWorkspace({ root: directory(), jobId: 'staged', spec: { repo: remote } });
    const gitState = () => ({ index: git(workspace.path, 'ls-files', '--stage'), staged: git(workspace.path, 'diff', '--cached', '--name-status'), status: git(workspace.path, 'status', '--porcelain', '--untracked-files=all'), head: git(workspace.path, 'rev-parse', 'HEAD'), branch: git(workspace.path, 'branch', '--show-current') });
    const turn1 = await checkpointJobWorkspace({ workspace, turn: 1 });
    expect(turn1).toBe(workspace.baseCommit);
    // Mid-job the agent stages one change, leaves another unstaged and a file untracked.
    write(workspace.path, 'staged.txt', 'staged\n');
    git(workspace.path, 'add', 'staged.txt');
    write(workspace.path, 'a.txt', 'not staged\n');
    write(workspace.path, 'untracked.txt', 'untracked\n');
    const before = gitState();
    expect(before.staged).toBe('A\tstaged.txt');

    const turn2 = await checkpointJobWorkspace({ workspace, turn: 2 });
    expect(gitState()).toEqual(before);
    expect(treeFiles(remote, turn2)).toEqual(['.gitignore', 'a.txt', 'b.txt', 'gone.txt', 'staged.txt', 'untracked.txt']);
    expect(git(remote, 'show', `${turn2}:a.txt`)).toBe('not staged');

    // The agent commits what it staged: the next checkpoint goes on from turn 2, its commit kept too.
    git(workspace.path, 'commit', '-q', '-m', 'the agent commits');
    const agentCommit = git(workspace.path, 'rev-parse', 'HEAD');
    const after = gitState();
    const turn3 = await checkpointJobWorkspace({ workspace, turn: 3 });
    expect(gitState()).toEqual(after);
    expect(git(remote, 'rev-parse', `${turn3}^1`)).toBe(turn2);
    expect(git(remote, 'rev-parse', `${turn3}^2`)).toBe(agentCommit);
    expect(await checkpointJobWorkspace({ workspace, turn: 4 })).toBe(turn3);
    const finished = await finishJobWorkspace({ workspace });
    expect(finished.commit).toBe(turn3);
    expect(finished.changedFiles).toEqual(['a.txt', 'staged.txt', 'untracked.txt']);
  });
});

describe("the repository's own line-ending rules", () => {
  it('apply to a checkpoint commit as they would to the agent committing itself: a CRLF file under `* text=auto` is stored with LF, a `-text` file byte for byte', async () => {
    const remote = bareRemote();
    const workspace = await prepareJobWorkspace({ root: directory(), jobId: 'eol', spec: { repo: remote } });
    write(workspace.path, '.gitattributes', '* text=auto\n*.bin -text\n');
    write(workspace.path, 'windows.txt', 'one\r\ntwo\r\n');
    write(workspace.path, 'raw.bin', 'one\r\ntwo\r\n');
    const turn1 = await checkpointJobWorkspace({ workspace, turn: 1 });
    const stored = (file: string) => execFileSync('git', ['cat-file', 'blob', `${turn1}:${file}`], { cwd: remote }).toString('latin1');
    expect(stored('windows.txt')).toBe('one\ntwo\n');
    expect(stored('raw.bin')).toBe('one\r\ntwo\r\n');
    // What the agent's own commit of the same files would hold.
    git(workspace.path, 'add', '-A');
    expect(git(workspace.path, 'write-tree')).toBe(git(remote, 'rev-parse', `${turn1}^{tree}`));
  });
});
