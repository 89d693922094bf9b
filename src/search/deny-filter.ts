import { matchingPathRule } from '../permissions/matching-path-rule.ts';
import { realAnchorsOf } from '../permissions/real-anchors-of.ts';
import { readPathRules } from '../permissions/read-path-rules.ts';
import { readScopeOf } from '../permissions/read-scope.ts';
import { resolvePathVariants } from '../permissions/rules/resolve-path-variants.ts';
import type { ToolContext } from '../tool/types.ts';
import { mapBounded } from '../files/map-bounded.ts';

/** The parts of a tool-use context the filter reads beyond ToolContext (present at run time). */
interface Anchors {
  homeDirectory?: string;
  projectRoot?: string;
}

/**
 * A predicate that hides search results the user's Read rules keep from the model. The kernel checks
 * the search root; results BELOW it are checked here: a path matched by a `Read(...)` deny rule is hidden,
 * and so is one matched by a `Read(...)` ask rule that does not also match the root (the user approved the
 * root, not that subtree). Returns undefined when no such rule exists, so the common case costs nothing.
 */
export async function createReadDenyFilter(context: ToolContext, root: string): Promise<((file: string) => Promise<boolean>) | undefined> {
  const { deny, ask: askCandidates } = readPathRules(context.permissionContext);
  if (deny.length === 0 && askCandidates.length === 0) return undefined;
  const { anchors } = readScopeOf(context as ToolContext & Anchors);
  const realAnchors = realAnchorsOf(anchors);
  const variantsOf = (file: string) => resolvePathVariants({ path: file, cwd: context.cwd, home: anchors.home });
  const rootVariants = await variantsOf(root);
  const ask = askCandidates.filter((rule) => !matchingPathRule({ rules: [rule], variants: rootVariants, anchors, realAnchors }));
  if (deny.length === 0 && ask.length === 0) return undefined;
  const rules = [...deny, ...ask];
  return async (file: string) => matchingPathRule({ rules, variants: await variantsOf(file), anchors, realAnchors }) !== undefined;
}

/** Keeps the files the predicate does not hide, in order, checking 32 at a time. */
export async function removeHidden(files: readonly string[], hidden: ((file: string) => Promise<boolean>) | undefined): Promise<string[]> {
  if (!hidden) return [...files];
  const flags = await mapBounded(files, 32, hidden);
  return files.filter((_, index) => !flags[index]);
}
