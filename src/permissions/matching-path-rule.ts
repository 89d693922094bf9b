import { matchPathRule } from './rules/match-path-rule.ts';
import type { PathAnchors } from './rules/parse-path-pattern.ts';
import type { PathVariants } from './rules/path-variants.ts';
import type { PermissionRule } from './types.ts';

/**
 * The first of `rules` (Read or Edit rules that name paths) matching a path, each as its own behavior (see
 * matchPathRule: a deny or ask rule matches when the name as written or the real path does), or undefined.
 * A rule's own root, when it has one, is what its `/path` is relative to; `realAnchors` are the anchors with
 * their symlinks resolved.
 */
export function matchingPathRule(options: { rules: readonly PermissionRule[]; variants: PathVariants; anchors: PathAnchors; realAnchors: PathAnchors }): PermissionRule | undefined {
  const { variants, anchors, realAnchors } = options;
  return options.rules.find((rule) => matchPathRule({ pattern: rule.value.ruleContent!, variants, cwd: anchors.cwd, root: rule.root ?? anchors.root, home: anchors.home, behavior: rule.behavior, realAnchors }));
}
