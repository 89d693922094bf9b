import { existsSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { lstatIfPresent } from '../../files/lstat-if-present.ts';
import type { PathVariants } from './path-variants.ts';
import { resolvePhysicalPath } from './resolve-physical-path.ts';

// Re-exported so the path-rule API can be imported from one place; the implementation has its own file.
export { matchPathRule } from './match-path-rule.ts';
export type { MatchPathRuleOptions } from './match-path-rule.ts';
export type { PathVariants } from './path-variants.ts';

/** Enough hops for any honest chain; the kernel itself gives up (ELOOP) at 40. */
const MAX_SYMLINK_HOPS = 40;

/**
 * Resolves the names of a path. `lexical` has each `..` resolved the way the kernel does (the part before
 * it through its links first), so it names what the OS opens; `written` is the plain lexical reading when
 * that differs (`link/..` collapsed by name), which deny and ask rules also see. For a path that does not
 * exist yet, `real` is the realpath of its deepest existing ancestor joined with the rest, so a symlinked
 * parent directory is seen even when a new file is created; a dangling symlink is followed to where a write
 * would land. A `..` after a name that is missing, a file or a link loop leaves `unresolvable` set.
 * Callers must then open `lexical` (see {@link resolveToolPath}), never a lexically normalized string.
 */
export async function resolvePathVariants(options: { path: string; cwd: string; home: string }): Promise<PathVariants> {
  return resolvePathVariantsSync(options);
}

/**
 * {@link resolvePathVariants}, synchronously: the native `realpath` of a local path takes microseconds,
 * where a round trip through the thread pool takes tens, and a permission check resolves a few per call.
 */
export function resolvePathVariantsSync(options: { path: string; cwd: string; home: string }): PathVariants {
  const physical = resolvePhysicalPath(toAbsolutePath(options));
  const variants: PathVariants = { lexical: physical.path, real: resolveRealPath(physical.path, 0) };
  if (!physical.ok) return { ...variants, unresolvable: physical.reason };
  const written = toLexicalPath(options);
  return written === physical.path ? variants : { ...variants, written };
}

/**
 * The path a file tool opens for its input: absolute against `cwd`, each `..` resolved as the kernel does.
 * The same string the permission check named as `lexical`; when that could not be resolved (the call was
 * then asked about), the kernel's own reading of the input.
 */
export function resolveToolPath(options: { path: string; cwd: string }): string {
  const absolute = path.posix.isAbsolute(options.path) ? options.path : `${options.cwd}/${options.path}`;
  const physical = resolvePhysicalPath(absolute);
  return physical.ok ? physical.path : absolute;
}

/** Expands a leading `~` or `~/`, makes the path absolute against `cwd` and normalizes it. Synchronous. */
export function toLexicalPath(options: { path: string; cwd: string; home: string }): string {
  return path.posix.resolve(toAbsolutePath(options));
}

/** Expands a leading `~` or `~/` and makes the path absolute against `cwd`, keeping `..` as written. */
function toAbsolutePath(options: { path: string; cwd: string; home: string }): string {
  const { path: input, cwd, home } = options;
  const expanded = input === '~' ? home : input.startsWith('~/') ? `${home}/${input.slice(2)}` : input;
  return path.posix.isAbsolute(expanded) ? expanded : `${cwd}/${expanded}`;
}

function resolveRealPath(target: string, hops: number): string {
  // existsSync follows links and never throws: a missing path (the common case here) costs no exception.
  if (existsSync(target)) {
    try {
      return realpathSync.native(target);
    } catch {
      // A failure on an existing path (permissions, a loop) means the OS could not open it either.
      return target;
    }
  }
  const parent = path.posix.dirname(target);
  if (parent === target) return target;
  const realParent = resolveRealPath(parent, hops);
  const candidate = path.posix.join(realParent, path.posix.basename(target));
  const link = readDanglingLink(candidate);
  if (link === undefined || hops >= MAX_SYMLINK_HOPS) return candidate;
  return resolveRealPath(path.posix.resolve(realParent, link), hops + 1);
}

/** The target of `candidate` when it is a symlink (here: one whose target is missing), else undefined. */
function readDanglingLink(candidate: string): string | undefined {
  if (!lstatIfPresent(candidate)?.isSymbolicLink()) return undefined;
  try {
    return readlinkSync(candidate);
  } catch {
    return undefined;
  }
}
