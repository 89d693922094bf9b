import path from 'node:path';
import type { PermissionBehavior } from '../types.ts';
import { matchGlobSegment } from './match-glob-segment.ts';
import { parsePathPattern } from './parse-path-pattern.ts';
import type { PathAnchors, PathPattern } from './parse-path-pattern.ts';
import { restrictiveForms } from './unicode-forms.ts';

/** What {@link matchPathPattern} needs: the rule pattern, the path, its anchors and the rule's behaviour. */
export interface MatchPathPatternOptions extends PathAnchors {
  /** The Read/Edit rule content, e.g. `src/**`, `//etc/**`, `~/.ssh/**`, `.env`. */
  pattern: string;
  /** Absolute. Normalized again here, so `..` segments can never climb out of a matched directory. */
  path: string;
  behavior: PermissionBehavior;
}

/**
 * Does a gitignore-style Read/Edit pattern match this path? `*` matches within one segment, `**` any
 * depth, `?` one character, `[...]` a class. Containment is by whole segments: `src/**` never matches
 * `src-evil/x`. See {@link parsePathPattern} for anchors and the allow/deny differences. A deny or ask
 * pattern also matches the path in NFC and NFKC (see {@link restrictiveForms}); an allow matches as written.
 */
export function matchPathPattern(options: MatchPathPatternOptions): boolean {
  if (matchPathPatternAsWritten(options)) return true;
  return options.behavior !== 'allow' && restrictiveFormsOf(options).some(matchPathPatternAsWritten);
}

function matchPathPatternAsWritten(options: MatchPathPatternOptions): boolean {
  const pattern = parsePathPattern(options);
  return pattern !== undefined && matchParsedPathPattern(pattern, path.posix.resolve(options.cwd, options.path));
}

/** The options in each Unicode form a deny or ask rule also holds in (see {@link restrictiveForms}). */
function restrictiveFormsOf(options: MatchPathPatternOptions): MatchPathPatternOptions[] {
  const { pattern, path: target, cwd, root, home } = options;
  return restrictiveForms({ pattern, path: target, cwd, root, home }).map((texts) => ({ ...texts, behavior: options.behavior }));
}

/** {@link matchPathPattern} for a pattern parsed once and many absolute, normalized paths (a folder walked). */
export function matchParsedPathPattern(pattern: PathPattern, target: string): boolean {
  const relative = path.posix.relative(pattern.base, target);
  if (relative === '..' || relative.startsWith('../')) return false;
  return matchSegments(pattern.segments, relative === '' ? [] : relative.split('/'));
}

/**
 * Could the pattern match a path strictly below `options.path` (a folder read or written whole)? True when
 * the folder is above the pattern's base, or when the pattern's segments can consume the folder's and still
 * have some left to match what is inside it.
 */
export function matchPathPatternBelow(options: MatchPathPatternOptions): boolean {
  if (matchPathPatternBelowAsWritten(options)) return true;
  return options.behavior !== 'allow' && restrictiveFormsOf(options).some(matchPathPatternBelowAsWritten);
}

function matchPathPatternBelowAsWritten(options: MatchPathPatternOptions): boolean {
  const pattern = parsePathPattern(options);
  if (pattern === undefined) return false;
  const folder = path.posix.resolve(options.cwd, options.path);
  const down = path.posix.relative(folder, pattern.base);
  if (down === '' || !(down === '..' || down.startsWith('../') || path.posix.isAbsolute(down))) return pattern.segments.length > 0 || down !== '';
  const relative = path.posix.relative(pattern.base, folder);
  if (relative === '..' || relative.startsWith('../')) return false;
  const reachable = reachableAfter(pattern.segments, relative === '' ? [] : relative.split('/'));
  return reachable.some((index) => index < pattern.segments.length);
}

/** The glob positions reachable after matching `names` (each index into `globs`, `globs.length` = all used). */
function reachableAfter(globs: readonly string[], names: readonly string[]): number[] {
  let states = new Set([0]);
  const expand = (set: Set<number>) => {
    for (const state of [...set]) if (globs[state] === '**') set.add(state + 1);
    return set;
  };
  states = expand(states);
  for (const name of names) {
    const next = new Set<number>();
    for (const state of states) {
      const glob = globs[state];
      if (glob === undefined) continue;
      if (glob === '**') next.add(state);
      else if (matchGlobSegment(glob, name)) next.add(state + 1);
    }
    states = expand(next);
  }
  return [...states];
}

/** Glob segments against path segments, `**` spanning zero or more; dynamic programming, O(globs × names). */
function matchSegments(globs: readonly string[], names: readonly string[]): boolean {
  let reachable = names.map(() => false).concat(false);
  reachable[0] = true;
  for (const glob of globs) {
    const next = reachable.map(() => false);
    if (glob === '**') {
      let seen = false;
      for (let index = 0; index <= names.length; index++) {
        seen ||= reachable[index]!;
        next[index] = seen;
      }
    } else {
      for (let index = 0; index < names.length; index++) {
        if (reachable[index] && matchGlobSegment(glob, names[index]!)) next[index + 1] = true;
      }
    }
    reachable = next;
  }
  return reachable[names.length]!;
}
