import path from 'node:path';
import { CodevError } from '../../errors/codev-error.ts';

/** git's own rule: a colon before the first slash makes a URL or `host:path`, except a Windows drive letter. */
export function isRemoteRepository(repo: string): boolean {
  const colon = repo.indexOf(':');
  const slash = repo.search(/[/\\]/);
  return colon > 0 && (slash < 0 || colon < slash) && !/^[A-Za-z]:[\\/]/.test(repo);
}

/**
 * The repository a job pushes to, as git will be given it: a URL as it is, a local path made absolute (the
 * commands run in the checkout, not in the caller's folder). A value git would read as an option is
 * 'INPUT_INVALID'.
 */
export function resolveRepository(repo: string): string {
  if (repo.trim() === '' || repo.startsWith('-')) {
    throw new CodevError('INPUT_INVALID', `"${repo}" is not a repository`, { field: 'workspace.repo', hint: 'give a git URL or the path of a repository' });
  }
  return isRemoteRepository(repo) ? repo : path.resolve(repo);
}
