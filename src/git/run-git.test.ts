import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runGit } from './run-git.ts';
import { cleanGitMachine } from './test-fixtures/clean-git-machine.ts';

const machine = cleanGitMachine('codev-run-git-');
const inherited = process.env.GIT_INDEX_FILE;

afterEach(() => {
  if (inherited === undefined) delete process.env.GIT_INDEX_FILE;
  else process.env.GIT_INDEX_FILE = inherited;
});

describe('runGit', () => {
  it('drops an inherited GIT_INDEX_FILE but keeps the one its caller sets', async () => {
    const repo = machine.directory();
    machine.git(repo, 'init', '-q');
    writeFileSync(path.join(repo, 'a.txt'), 'a\n');
    process.env.GIT_INDEX_FILE = path.join(repo, 'inherited-index');
    const own = path.join(repo, 'own-index');
    expect((await runGit(['update-index', '--add', 'a.txt'], { cwd: repo, environment: { GIT_INDEX_FILE: own } })).ok).toBe(true);
    expect(existsSync(own)).toBe(true);
    expect((await runGit(['update-index', '--add', 'a.txt'], { cwd: repo })).ok).toBe(true);
    expect(existsSync(path.join(repo, 'inherited-index'))).toBe(false);
    expect(existsSync(path.join(repo, '.git', 'index'))).toBe(true);
  });
});
