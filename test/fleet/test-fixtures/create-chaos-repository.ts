/**
 * The repository every chaos job works on: a bare repository at `<folder>/repo.git` whose `main` holds a
 * README with the `## Log` section the jobs edit and a few files no job touches (every branch must keep
 * them). Made with git alone.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { README } from './chaos-model.ts';

const BASE_FILES: ReadonlyMap<string, string> = new Map([
  ['README.md', README],
  ['src/base.txt', 'kept by every job\n'],
  ['docs/notes.md', '# Notes\n\nNo job edits this.\n'],
]);

export function createChaosRepository(folder: string): { repository: string; baseCommit: string; baseFiles: ReadonlyMap<string, string> } {
  const seed = path.join(folder, 'seed');
  const repository = path.join(folder, 'repo.git');
  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=chaos', '-c', 'user.email=chaos@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  mkdirSync(seed, { recursive: true });
  git(seed, 'init', '-q', '-b', 'main');
  for (const [name, content] of BASE_FILES) {
    mkdirSync(path.dirname(path.join(seed, name)), { recursive: true });
    writeFileSync(path.join(seed, name), content);
  }
  git(seed, 'add', '.');
  git(seed, 'commit', '-qm', 'base');
  git(folder, 'clone', '-q', '--bare', seed, repository);
  rmSync(seed, { recursive: true, force: true });
  return { repository, baseCommit: git(repository, 'rev-parse', 'main'), baseFiles: BASE_FILES };
}
