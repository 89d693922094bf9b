import type { ShellWord } from '../types.ts';

/**
 * `path` as seen from where git was started, git having moved into `directory` (`-C`): `git -C sub diff
 * --output=F` writes `sub/F`. An absolute path, or one the shell expands from `~`, stays as it is.
 */
export function joinGitPath(directory: ShellWord, path: ShellWord): ShellWord {
  if (directory.value === '.' || isRooted(path)) return path;
  return {
    value: tidyPath(`${directory.value}/${path.value}`),
    dynamic: directory.dynamic || path.dynamic,
    glob: directory.glob || path.glob,
    userTilde: directory.userTilde,
    processSubstitution: directory.processSubstitution || path.processSubstitution,
  };
}

/** The directory `git -C current -C next` ends in: relative paths compose, an absolute one starts over, an empty one changes nothing. */
export function changeGitDirectory(current: ShellWord, next: ShellWord): ShellWord {
  if (next.value === '') return current;
  const joined = joinGitPath(current, next);
  return { ...joined, value: tidyPath(joined.value) };
}

function isRooted(path: ShellWord): boolean {
  return path.value.startsWith('/') || path.value === '~' || path.value.startsWith('~/') || path.userTilde;
}

/** Drops `.` and empty segments; `..` stays, since `link/..` is not `.` when `link` is a symbolic link. */
function tidyPath(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  const tidy = segments.join('/');
  if (path.startsWith('/')) return `/${tidy}`;
  return tidy === '' ? '.' : tidy;
}
