import path from 'node:path';
import type { PermissionBehavior } from '../types.ts';
import { hasGlobSyntax } from './match-glob-segment.ts';

/** A Read/Edit rule pattern resolved to an absolute base directory and the glob segments below it. */
export interface PathPattern {
  /** Absolute, normalized. */
  base: string;
  /** Glob segments matched against the path's segments below `base`; `**` spans any number of segments. */
  segments: string[];
}

/** The directories a path pattern can be anchored to. All absolute. */
export interface PathAnchors {
  cwd: string;
  /** The directory of the settings source the rule came from: what `/path` is relative to. */
  root: string;
  home: string;
}

/**
 * Resolves a gitignore-style Read/Edit pattern. Anchors: `//abs` (filesystem root), `~/x` (home), `/x`
 * (`root`), `./x` or `x` (cwd). A pattern without a slash (`.env`, `*.pem`) matches at any depth; so does a
 * single-segment directory pattern (`secrets/`, `secrets/**`) for deny and ask, while for allow it means
 * `<cwd>/secrets` only. Undefined for an empty pattern.
 */
export function parsePathPattern(options: PathAnchors & { pattern: string; behavior: PermissionBehavior }): PathPattern | undefined {
  const pattern = options.pattern.trim();
  if (pattern === '') return undefined;
  const restrictive = options.behavior !== 'allow';
  const anchor = splitAnchor(pattern, options);
  let segments = anchor.rest.split('/').filter((segment) => segment !== '' && segment !== '.');
  let coversDescendants = pattern.endsWith('/');
  while (segments.at(-1) === '**') {
    segments.pop();
    coversDescendants = true;
  }
  let base = anchor.base;
  if (anchor.relative) {
    const bareName = !anchor.rest.includes('/');
    const singleDirectory = segments.length === 1 && coversDescendants;
    if (bareName || (singleDirectory && restrictive)) segments = ['**', ...segments];
    // Deny and ask fail closed: an any-depth pattern also catches files outside the cwd, e.g. in an
    // additional working directory. An allow never reaches beyond the cwd.
    if (segments[0] === '**' && restrictive) base = path.posix.sep;
  }
  while (segments.length > 0 && !hasGlobSyntax(segments[0]!)) {
    base = path.posix.resolve(base, segments.shift()!);
  }
  // A directory pattern covers everything below it. Deny and ask also cover everything below any path they
  // match (gitignore semantics: an ignored directory hides its contents); allow `src/*` stays one level.
  if (coversDescendants || restrictive) segments.push('**');
  return { base, segments };
}

function splitAnchor(pattern: string, anchors: PathAnchors): { base: string; rest: string; relative: boolean } {
  if (pattern.startsWith('//')) return { base: path.posix.sep, rest: pattern.slice(2), relative: false };
  if (pattern === '~' || pattern.startsWith('~/')) {
    return { base: path.posix.resolve(anchors.home), rest: pattern.slice(2), relative: false };
  }
  const cwd = path.posix.resolve(anchors.cwd);
  if (pattern.startsWith('/')) return { base: path.posix.resolve(cwd, anchors.root), rest: pattern.slice(1), relative: false };
  if (pattern === '.' || pattern.startsWith('./')) return { base: cwd, rest: pattern.slice(2), relative: false };
  return { base: cwd, rest: pattern, relative: true };
}
