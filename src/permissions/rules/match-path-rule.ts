import type { PermissionBehavior } from '../types.ts';
import { matchPathPattern } from './match-path-pattern.ts';
import type { PathAnchors } from './parse-path-pattern.ts';
import type { PathVariants } from './path-variants.ts';

/** What {@link matchPathRule} needs. */
export interface MatchPathRuleOptions extends PathAnchors {
  /** The Read/Edit rule content. */
  pattern: string;
  /** From `resolvePathVariants`. */
  variants: PathVariants;
  behavior: PermissionBehavior;
  /**
   * The anchors with their own symlinks resolved (each one's `resolvePathVariants(...).real`). The real path
   * is matched against these as well, so a cwd under a symlinked directory (macOS `/tmp`) still allows, and a
   * link into it is still denied.
   */
  realAnchors?: PathAnchors;
}

/**
 * Matches a Read/Edit rule against the names of a path. Deny and ask match when ANY of the lexical, the
 * real (or the written) path matches, so a symlink can neither hide a denied target nor be denied only by
 * its name. Allow matches only when ALL do, so an allowed directory cannot be used to write through a link
 * to outside.
 */
export function matchPathRule(options: MatchPathRuleOptions): boolean {
  const { pattern, variants, behavior, realAnchors } = options;
  const matches = (candidate: string, anchors: PathAnchors) =>
    matchPathPattern({ pattern, path: candidate, behavior, cwd: anchors.cwd, root: anchors.root, home: anchors.home });
  const lexical = matches(variants.lexical, options);
  const real = matches(variants.real, options) || (realAnchors !== undefined && matches(variants.real, realAnchors));
  // The name read by `..` collapsed (`link/../x` as `x`) is no place the OS opens: deny and ask see it too
  // (wider is the safe side), and an allow must cover it as well.
  const written = variants.written === undefined ? undefined : matches(variants.written, options);
  return behavior === 'allow' ? lexical && real && written !== false : lexical || real || written === true;
}
