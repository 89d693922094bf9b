import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Test-only: the user's git state of `repo` (HEAD, index bytes, refs, stash, config, hooks) as comparable text. */
export function gitState(repo: string): Record<string, string> {
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  const dotGit = path.join(repo, '.git');
  const hash = (file: string): string => (existsSync(file) ? createHash('sha1').update(readFileSync(file)).digest('hex') : 'absent');
  return {
    head: readFileSync(path.join(dotGit, 'HEAD'), 'utf8'),
    index: hash(path.join(dotGit, 'index')),
    refs: git('for-each-ref', '--format=%(refname) %(objectname)'),
    stash: git('stash', 'list'),
    config: readFileSync(path.join(dotGit, 'config'), 'utf8'),
    hooks: existsSync(path.join(dotGit, 'hooks')) ? readdirSync(path.join(dotGit, 'hooks')).sort().join(',') : '',
  };
}
