import { lstat, readlink, realpath } from 'node:fs/promises';
import path from 'node:path';

// Re-exported so the path-rule API can be imported from one place; the implementation has its own file.
export { matchPathRule } from './match-path-rule.ts';
export type { MatchPathRuleOptions } from './match-path-rule.ts';

/** The two names of a path that Read/Edit rules are checked against. Both absolute and normalized. */
export interface PathVariants {
  /** The path as written: `~` expanded, made absolute against the cwd, `.` and `..` resolved by name. */
  lexical: string;
  /** The path with every symlink resolved, including a dangling final link and a missing tail. */
  real: string;
}

/** Enough hops for any honest chain; the kernel itself gives up (ELOOP) at 40. */
const MAX_SYMLINK_HOPS = 40;

/**
 * Resolves the lexical and the real form of a path. For a path that does not exist yet, `real` is the
 * realpath of its deepest existing ancestor joined with the rest, so a symlinked parent directory is seen
 * even when a new file is created; a dangling symlink is followed to where a write would land.
 * Callers must then open `lexical`, never the raw input: the OS resolves `link/..` physically.
 */
export async function resolvePathVariants(options: { path: string; cwd: string; home: string }): Promise<PathVariants> {
  const lexical = toLexicalPath(options);
  return { lexical, real: await resolveRealPath(lexical, 0) };
}

/** Expands a leading `~` or `~/`, makes the path absolute against `cwd` and normalizes it. Synchronous. */
export function toLexicalPath(options: { path: string; cwd: string; home: string }): string {
  const { path: input, cwd, home } = options;
  const expanded = input === '~' ? home : input.startsWith('~/') ? path.posix.join(home, input.slice(2)) : input;
  return path.posix.resolve(cwd, expanded);
}

async function resolveRealPath(target: string, hops: number): Promise<string> {
  try {
    return await realpath(target);
  } catch (error) {
    // Any other failure (permissions, a loop) means the OS could not open the path either.
    if (!isMissing(error)) return target;
  }
  const parent = path.posix.dirname(target);
  if (parent === target) return target;
  const realParent = await resolveRealPath(parent, hops);
  const candidate = path.posix.join(realParent, path.posix.basename(target));
  const link = await readDanglingLink(candidate);
  if (link === undefined || hops >= MAX_SYMLINK_HOPS) return candidate;
  return resolveRealPath(path.posix.resolve(realParent, link), hops + 1);
}

/** The target of `candidate` when it is a symlink (here: one whose target is missing), else undefined. */
async function readDanglingLink(candidate: string): Promise<string | undefined> {
  try {
    if (!(await lstat(candidate)).isSymbolicLink()) return undefined;
    return await readlink(candidate);
  } catch {
    return undefined;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
