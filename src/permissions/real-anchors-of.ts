import type { PathAnchors } from './rules/parse-path-pattern.ts';
import { resolvePathVariantsSync } from './rules/resolve-path-variants.ts';

/** The anchors with their own symlinks resolved (macOS `/tmp`): what a real path is also matched against (see matchPathRule's `realAnchors`). */
export function realAnchorsOf(anchors: PathAnchors): PathAnchors {
  const realOf = (directory: string) => resolvePathVariantsSync({ path: directory, cwd: anchors.cwd, home: anchors.home }).real;
  return { cwd: realOf(anchors.cwd), root: realOf(anchors.root), home: realOf(anchors.home) };
}
