import path from 'node:path';
import { skipOptions } from './skip-options.ts';
import type { ShellWord } from './shell-word.ts';

/**
 * Where a command may run, relative to the directory the whole command starts in: `.` and paths below or
 * above it, absolute paths, or `~`-prefixed ones. `undefined` when a `cd` made it unknowable (`cd "$X"`).
 * A set, not one path: `cd x; cmd` runs `cmd` in `x`, or where it was when `cd` failed.
 */
export type Directories = readonly string[] | undefined;

/** Where every command starts. */
export const START_DIRECTORIES: Directories = ['.'];

/** Past this many candidates, the place is as good as unknown. */
const MAX_CANDIDATES = 8;
const CD_OPTIONS = { shortFlags: 'LPe@' };
/** Commands that change the directory of the shell they run in (a sourced script may `cd` anywhere). */
const DIRECTORY_CHANGERS = new Set(['cd', 'pushd', 'popd', 'source', '.']);
/**
 * A quick look at a script for a directory change (or a `source`, whose file may change it), so scripts
 * without one skip the tracking.
 */
const MAY_CHANGE_DIRECTORY = /\b(?:cd|pushd|popd|source)\b|(?:^|[\s;&|(`])\.\s/;

/** Whether a script could change its directory at all (false means every command runs in `.`). */
export function mayChangeDirectory(source: string): boolean {
  return MAY_CHANGE_DIRECTORY.test(source);
}

/** Whether the words (a wrapper-stripped argv) change the shell's directory. */
export function isDirectoryChange(argv: readonly ShellWord[]): boolean {
  const name = argv[0];
  return name !== undefined && !name.dynamic && DIRECTORY_CHANGERS.has(name.value);
}

/**
 * Where the shell is after `cd`, `pushd` or `popd` succeeds: the operand joined to each candidate (an
 * absolute one replaces it; none means `~`). An operand with `..` gives two candidates: bash's logical
 * reading (`link/..` collapsed by name, what `cd` does by default) and the kernel's (kept as `link/..`, to
 * be resolved through the link; what `cd -P` does, and what `cd` falls back to when the logical folder is
 * missing). `cd -`, `popd`, `pushd +N`, `~user` and a dynamic operand are unknown.
 */
export function changeDirectory(current: Directories, argv: readonly ShellWord[]): Directories {
  const [name, ...rest] = argv;
  if (name?.value === 'popd' || name?.value === 'source' || name?.value === '.') return undefined;
  const skipped = skipOptions(rest.map((word) => word.value), CD_OPTIONS);
  if (skipped.unknown) return undefined;
  const operand = rest[skipped.next];
  if (operand === undefined) return name?.value === 'pushd' ? undefined : ['~'];
  const target = operand.value;
  if (operand.dynamic || operand.glob || operand.userTilde || target === '-' || /^[+-]\d+$/.test(target) || target === '') return undefined;
  const from = path.posix.isAbsolute(target) || isHome(target) ? ['.'] : current;
  if (from === undefined) return undefined;
  const physical = resolveAll(from, target);
  if (!hasParentStep(target)) return physical;
  if (skipped.options.some((option) => option.name === '-P')) return physical;
  return unionDirectories(resolveAll(from, target, { logical: true }), physical);
}

/** Every place either side may be: the union, or unknown when either is. */
export function unionDirectories(left: Directories, right: Directories): Directories {
  if (left === undefined || right === undefined) return undefined;
  // Most commands change no directory: both sides are then the same list.
  if (left === right) return left;
  return limit([...left, ...right]);
}

/**
 * A path as seen from `directory`: `x` in `src` is `src/x`; absolute and `~` paths stay. `..` is kept (and
 * resolved later through the links before it, as the kernel does), except in a logical `cd` operand.
 * Undefined when a logical path climbs out of the home directory by name (`~/..`), which a `~`-relative
 * form cannot say.
 */
export function resolveInDirectory(directory: string, target: string, options: { logical?: boolean } = {}): string | undefined {
  const tidy = options.logical ? path.posix.normalize : tidyPath;
  if (path.posix.isAbsolute(target)) return tidy(target);
  if (isHome(target)) return joinPath('~', target.slice(2), tidy);
  return joinPath(directory, target, tidy);
}

function resolveAll(current: readonly string[], target: string, options: { logical?: boolean } = {}): Directories {
  const joined = current.map((directory) => resolveInDirectory(directory, target, options));
  return joined.includes(undefined) ? undefined : limit(joined as string[]);
}

function joinPath(directory: string, target: string, tidy: (path: string) => string): string | undefined {
  if (path.posix.isAbsolute(directory)) return tidy(`${directory}/${target}`);
  if (!isHome(directory)) return tidy(directory === '.' ? target : `${directory}/${target}`);
  const below = tidy(`${directory.slice(2) || '.'}/${target}`);
  if (below === '..' || below.startsWith('../')) return undefined;
  return below === '.' ? '~' : `~/${below}`;
}

/** Whether a path has a `..` step. */
function hasParentStep(target: string): boolean {
  return target.split('/').includes('..');
}

/** `.` steps and doubled slashes dropped, `..` kept: what a `..` leaves depends on the links before it. */
function tidyPath(target: string): string {
  if (!hasParentStep(target)) return path.posix.normalize(target);
  const names = target.split('/').filter((name) => name !== '' && name !== '.');
  const joined = names.join('/');
  return target.startsWith('/') ? `/${joined}` : joined || '.';
}

function isHome(target: string): boolean {
  return target === '~' || target.startsWith('~/');
}

function limit(candidates: readonly string[]): Directories {
  const unique = [...new Set(candidates)];
  return unique.length > MAX_CANDIDATES ? undefined : unique;
}
