/** Test-only: a bare git repository to give fleet jobs as their `workspace.repo`. */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();

/**
 * Creates `<parent>/<name>.git` (a random name unless given), a bare repository whose `main` has one commit,
 * `seed`, holding README.md (`hello`), and returns its path.
 */
export function createBareRepository(parent: string, name = `remote-${randomUUID().slice(0, 8)}`): string {
  const seed = mkdtempSync(path.join(os.tmpdir(), 'codev-bare-seed-'));
  const remote = path.join(parent, `${name}.git`);
  git(seed, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(seed, 'README.md'), 'hello\n');
  git(seed, 'add', '.');
  git(seed, 'commit', '-qm', 'seed');
  git(os.tmpdir(), 'clone', '-q', '--bare', seed, remote);
  rmSync(seed, { recursive: true, force: true });
  return remote;
}
