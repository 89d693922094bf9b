import os from 'node:os';
import { realpath } from 'node:fs/promises';
import { collectRules } from '../permissions/collect-rules.ts';
import { matchPathRule, resolvePathVariants } from '../permissions/rules/resolve-path-variants.ts';
import type { PermissionRule } from '../permissions/types.ts';
import type { ToolContext } from '../tool/types.ts';

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
  const rules = collectRules(context.permissionContext);
  const isReadPathRule = (rule: PermissionRule) => rule.value.toolName === 'Read' && rule.value.ruleContent !== undefined;
  const deny = rules.deny.filter(isReadPathRule);
  const askCandidates = rules.ask.filter(isReadPathRule);
  if (deny.length === 0 && askCandidates.length === 0) return undefined;
  const extra = context as ToolContext & Anchors;
  const home = extra.homeDirectory ?? os.homedir();
  const projectRoot = extra.projectRoot ?? context.cwd;
  const real = (directory: string) => realpath(directory).catch(() => directory);
  const [realCwd, realRoot, realHome] = await Promise.all([real(context.cwd), real(projectRoot), real(home)]);
  const matches = async (rule: PermissionRule, file: string, behavior: 'deny' | 'ask', variants?: Awaited<ReturnType<typeof resolvePathVariants>>) =>
    matchPathRule({
      pattern: rule.value.ruleContent!,
      variants: variants ?? (await resolvePathVariants({ path: file, cwd: context.cwd, home })),
      cwd: context.cwd,
      root: rule.root ?? projectRoot,
      home,
      behavior,
      realAnchors: { cwd: realCwd, root: rule.root ?? realRoot, home: realHome },
    });
  const rootVariants = await resolvePathVariants({ path: root, cwd: context.cwd, home });
  const ask: PermissionRule[] = [];
  for (const rule of askCandidates) if (!(await matches(rule, root, 'ask', rootVariants))) ask.push(rule);
  if (deny.length === 0 && ask.length === 0) return undefined;
  return async (file: string) => {
    const variants = await resolvePathVariants({ path: file, cwd: context.cwd, home });
    for (const rule of deny) if (await matches(rule, file, 'deny', variants)) return true;
    for (const rule of ask) if (await matches(rule, file, 'ask', variants)) return true;
    return false;
  };
}

/** Keeps the files the predicate does not hide, in order, checking 32 at a time. */
export async function removeHidden(files: readonly string[], hidden: ((file: string) => Promise<boolean>) | undefined): Promise<string[]> {
  if (!hidden) return [...files];
  const flags = new Array<boolean>(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      flags[index] = await hidden(files[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(32, files.length) }, worker));
  return files.filter((_, index) => !flags[index]);
}
