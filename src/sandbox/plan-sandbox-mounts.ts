import path from 'node:path';
import { isNormalizedPathInside } from '../files/is-path-inside.ts';
import { INSTRUCTION_FILES } from '../files/codev-files.ts';
import { lstatIfPresent } from '../files/lstat-if-present.ts';
import { RC_FILES } from '../permissions/protected-paths.ts';

/**
 * One bind mount of the sandbox:
 * - `writable`: a working directory (or the temp folder), bound read-write over the read-only root;
 * - `keep`: a folder bound onto itself, still writable, so it cannot be renamed or removed (`mv .git .gold`
 *   would move the protections inside it away);
 * - `read-only`: an existing file or folder bound onto itself read-only (and so not removable either);
 * - `block`: a placeholder codev creates where nothing is yet (an empty folder; `.git/commondir` a file
 *   holding `.`), bound read-only, so nothing can be created there;
 * - `hide`: an existing file or folder a Read rule denies, covered by an empty one.
 */
export interface SandboxMount {
  kind: 'writable' | 'keep' | 'read-only' | 'block' | 'hide';
  /** Absolute. */
  path: string;
  /** For `hide`: it is a folder (covered by an empty folder, a file by `/dev/null`). */
  folder?: boolean;
}

/** Names kept read-only in every writable directory when they exist: shell and tool rc files, editor folders, instruction files. */
const EXISTING_NAMES: readonly string[] = [...RC_FILES, ...INSTRUCTION_FILES, '.vscode', '.idea', '.husky', '.gitmodules'];
/** Inside a repository's `.git`: what makes git run programs or read another configuration. */
const GIT_INTERNALS: readonly string[] = ['config', 'hooks', 'modules', 'worktrees'];

/**
 * The mounts that protect the protected places inside the writable directories (see `protectedPlacesOf`):
 * an existing place is made read-only, a missing one is blocked at its first missing folder, and every
 * folder between the writable directory and the place is kept in place. A repository's `.git` stays
 * writable (commits work) but is kept in place, with its configuration, hooks, submodule and worktree
 * folders read-only and `commondir` (which would point git at another configuration) blocked. Denied paths
 * are hidden (`Read` rules) or made read-only (`Edit` rules). Places outside the writable directories
 * need nothing: they are read-only already.
 */
export function planSandboxMounts(options: {
  writableDirectories: readonly string[];
  places: readonly string[];
  hidden?: readonly string[];
  readOnly?: readonly string[];
  /** Paths that exist but count as missing: this process's own placeholders (see `isOwnPlaceholder`). */
  absent?: (target: string) => boolean;
}): SandboxMount[] {
  const absent = options.absent;
  const kindOf: KindOf = absent ? (target) => (absent(target) ? undefined : kindOnDisk(target)) : kindOnDisk;
  const exists = (target: string) => kindOf(target) !== undefined;
  const mounts = new Map<string, SandboxMount['kind']>();
  const set = (target: string, kind: SandboxMount['kind']) => {
    const current = mounts.get(target);
    if (current === undefined || rank(kind) > rank(current)) mounts.set(target, kind);
  };
  for (const directory of options.writableDirectories) {
    planRepository(path.join(directory, '.git'), set, kindOf);
    for (const name of EXISTING_NAMES) if (exists(path.join(directory, name))) set(path.join(directory, name), 'read-only');
  }
  // Inside a place that exists and is made read-only, nothing more is needed (`.codev/skills` in `.codev`).
  const existingFolders = options.places.filter((place) => kindOf(place) === 'directory');
  const covered = (place: string) => existingFolders.some((other) => other !== place && isNormalizedPathInside(place, other));
  for (const place of options.places) {
    const directory = options.writableDirectories.find((writable) => place !== writable && isNormalizedPathInside(place, writable));
    if (!directory || path.basename(place) === '.git' || covered(place)) continue;
    const end = endOfWay(directory, place, kindOf);
    for (const ancestor of between(directory, end.path)) set(ancestor, 'keep');
    set(end.path, end.kind);
  }
  for (const target of options.readOnly ?? []) if (exists(target)) set(target, 'read-only');
  for (const target of options.hidden ?? []) if (exists(target)) set(target, 'hide');
  return [...mounts].map(([target, kind]) => ({ kind, path: target, ...(kind === 'hide' && kindOf(target) === 'directory' ? { folder: true } : {}) }));
}

function planRepository(git: string, set: (target: string, kind: SandboxMount['kind']) => void, kindOf: KindOf): void {
  const type = kindOf(git);
  if (type === undefined) return set(git, 'block');
  if (type !== 'directory') return set(git, 'read-only');
  set(git, 'keep');
  for (const name of GIT_INTERNALS) {
    const internal = path.join(git, name);
    set(internal, kindOf(internal) !== undefined ? 'read-only' : 'block');
  }
  const commondir = path.join(git, 'commondir');
  set(commondir, kindOf(commondir) !== undefined ? 'read-only' : 'block');
}

/** A stronger mount wins when two places meet on one path. */
function rank(kind: SandboxMount['kind']): number {
  return { writable: 0, keep: 1, 'read-only': 2, block: 3, hide: 4 }[kind];
}

/**
 * What to mount on the way from `directory` down to `target`: the first step that does not exist (blocked),
 * a file where a folder would be (read-only: nothing can be made below it, nor can it be swapped for a
 * folder), or else the place itself (read-only).
 */
function endOfWay(directory: string, target: string, kindOf: KindOf): { path: string; kind: 'block' | 'read-only' } {
  for (const step of [...between(directory, target), target]) {
    const kind = kindOf(step);
    if (kind === undefined) return { path: step, kind: 'block' };
    if (kind === 'file' && step !== target) return { path: step, kind: 'read-only' };
  }
  return { path: target, kind: 'read-only' };
}

/** The folders strictly between `directory` and `target`, top down. */
function between(directory: string, target: string): string[] {
  const steps = path.relative(directory, target).split(path.sep).slice(0, -1);
  return steps.map((_step, index) => path.join(directory, ...steps.slice(0, index + 1)));
}

type KindOf = (target: string) => 'directory' | 'file' | undefined;

function kindOnDisk(target: string): 'directory' | 'file' | undefined {
  const stat = lstatIfPresent(target);
  return stat === undefined ? undefined : stat.isDirectory() ? 'directory' : 'file';
}
