import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanUp, runAttack, type Attack } from './run-attack.ts';

/**
 * Issue 29: with a `Read(.env)` deny rule, the sandbox hides the working `.env` but not git's copies of it,
 * so `git log -p`, `git show`, `git cat-file -p` and `git diff --cached` printed a committed or staged
 * `.env`. Judged by the effect: the secret is not printed, with the sandbox and without. A repository
 * that never held `.env` (it is ignored) still reads its history in the sandbox.
 */
const SECRET = 'SECRET-7f3a9c';
const STAGED = 'STAGED-SECRET-2b8e';
const COMMITTED = { '.env': `TOKEN=${SECRET}\n`, 'a.txt': 'one-5d1c\n' };

const stage = ({ root }: { root: string }) => {
  writeFileSync(path.join(root, '.env'), `TOKEN=${STAGED}\n`);
  execFileSync('git', ['add', '.env'], { cwd: root, stdio: 'ignore' });
};

const removeInNextCommit = ({ root }: { root: string }) => {
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: root, stdio: 'ignore' });
  git('mv', '.env', 'renamed.txt');
  git('commit', '-q', '-m', 'rename');
  git('rm', '-q', 'renamed.txt');
  git('commit', '-q', '-m', 'remove');
};

const ATTACKS: (Attack & { name: string })[] = [
  ...['git log -p', 'git show HEAD', 'git diff', 'git grep --cached TOKEN', 'git diff-tree -p --root HEAD', 'git show HEAD:.env', 'git cat-file -p HEAD:.env', 'git -C . log -p --all'].map((input) => ({ name: input, input })),
  { name: 'git diff --cached after staging', input: 'git diff --cached', setup: stage },
  { name: 'git log -p after .env was renamed and removed', input: 'git log -p', setup: removeInNextCommit },
  { name: 'git log -p under an ask rule', input: 'git log -p', deny: [], ask: ['Read(.env)'] },
];

/** A repository outside the project whose history holds `.env`, read from a project that never held one. */
const outsideRepository = ({ outside }: { outside: string }) => {
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: path.join(outside, 'other'), stdio: 'ignore' });
  mkdirSync(path.join(outside, 'other'));
  writeFileSync(path.join(outside, 'other', '.env'), `TOKEN=${SECRET}\n`);
  git('init', '-q', '.');
  git('add', '.env');
  git('commit', '-q', '-m', 'one');
  git('rm', '-q', '.env');
  git('commit', '-q', '-m', 'two');
};
const IGNORED = { '.gitignore': '.env\n', 'a.txt': 'one-5d1c\n' };
ATTACKS.push(
  { name: 'an exported GIT_DIR pointing at another repository', input: 'export GIT_DIR={{outside}}/other/.git && git log -p', files: IGNORED, setup: outsideRepository, allow: ['Bash(export:*)', 'Bash(git log:*)', 'Read({{outside}}/**)'] },
  { name: 'git --git-dir at another repository', input: 'git --git-dir={{outside}}/other/.git log -p', files: IGNORED, setup: outsideRepository, allow: ['Bash(git:*)', 'Read({{outside}}/**)'] },
);

describe('git commands that print committed or staged files are held to Read rules', () => {
  it.each(ATTACKS.flatMap((entry) => [[`${entry.name} (sandbox)`, entry] as const, [`${entry.name} (no sandbox)`, { ...entry, sandbox: false }] as const]))('%s', async (_name, entry) => {
    const run = await runAttack({ git: true, files: COMMITTED, deny: ['Read(.env)'], ...entry });
    try {
      expect(run.text, `${run.output.decision?.behavior ?? 'no decision'}`).not.toContain(SECRET);
      expect(run.text).not.toContain(STAGED);
      expect(run.output.decision?.behavior).not.toBe('allow');
    } finally {
      cleanUp(run);
    }
  });

  it.each(['git log -p -1', 'git show --stat', 'git show HEAD'])('still reads a history that never held .env: %s', async (input) => {
    const run = await runAttack({ git: true, files: { ...COMMITTED, '.gitignore': '.env\n' }, deny: ['Read(.env)'], input });
    try {
      expect(run.output.decision?.behavior, run.text.slice(0, 300)).toBe('allow');
      expect(run.text).toContain(input === 'git show --stat' ? 'a.txt' : 'one-5d1c');
      expect(run.text).not.toContain(SECRET);
    } finally {
      cleanUp(run);
    }
  });
});
