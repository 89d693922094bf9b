import path from 'node:path';
import { matchingPathRule } from '../../permissions/matching-path-rule.ts';
import { readPathRules } from '../../permissions/read-path-rules.ts';
import { readScopeKey, readScopeOf } from '../../permissions/read-scope.ts';
import { realAnchorsOf } from '../../permissions/real-anchors-of.ts';
import { resolveToolPath } from '../../permissions/rules/resolve-path-variants.ts';
import { resolveInDirectory } from '../../permissions/shell/directories.ts';
import type { ShellAnalysis } from '../../permissions/shell/types.ts';
import type { ToolContext } from '../../tool/types.ts';
import { repositoryPaths, type RepositoryPaths } from './repository-paths.ts';

/**
 * Why a git command that prints what files hold in the index or history (`git log -p`, `git show`,
 * `git cat-file -p`, `git diff --cached`) may print a file a Read deny or ask rule covers, or undefined
 * when it cannot. The sandbox hides the working file, not git's objects, so a committed or staged `.env`
 * would print; the rule is matched against every path the repository has in its index or any commit
 * (`<top folder>/<path>`). A repository whose paths cannot be listed, a folder only known at run time, or
 * another repository than the one found from the folder (`--git-dir`, `GIT_DIR`) may hold any path.
 */
export async function repositoryContentMatch(analysis: ShellAnalysis, context: ToolContext): Promise<string | undefined> {
  if (!analysis.ok) return undefined;
  const printing = analysis.commands.filter((command) => command.effects.printsRepositoryContent && command.effects.repository);
  if (printing.length === 0) return undefined;
  const { deny, ask } = readPathRules(context.permissionContext);
  if (deny.length === 0 && ask.length === 0) return undefined;
  // `GIT_DIR=… git log -p`, or an `export GIT_DIR` before it, points git at another repository.
  if (analysis.commands.some((command) => command.assignments.some(({ name }) => name.startsWith('GIT_')) || command.rawArgv.some((word) => word.includes('GIT_')))) {
    return 'the command sets git variables (GIT_DIR and the like) that may point git at another repository';
  }
  const rules = [...deny, ...ask];
  const scope = readScopeOf(context);
  const { anchors } = scope;
  const realAnchors = realAnchorsOf(anchors);
  for (const command of printing) {
    if (!command.effects.printsRepositoryContent!.repositoryKnown) return `"${command.text}" may read another repository than the one it finds`;
    if (command.directories === undefined) return `"${command.text}" runs in a folder only known at run time`;
    for (const directory of command.directories) {
      const relative = resolveInDirectory(directory, command.effects.repository!.directory);
      if (relative === undefined || relative.startsWith('~')) return `"${command.text}" runs in a folder only known at run time`;
      const listed = await repositoryPaths(resolveToolPath({ path: relative, cwd: context.cwd }));
      if (listed === undefined) return `the files the repository of "${command.text}" holds could not be listed`;
      const held = heldPath(listed, readScopeKey(scope), (file) => matchingPathRule({ rules, variants: { lexical: file, real: file }, anchors, realAnchors })?.text);
      if (held) return `"${command.text}" prints what files hold in git's index or history, and the repository holds ${held}`;
    }
  }
  return undefined;
}

/** Per listing (a new one after every commit), per set of Read rules: the first held path a rule covers, or null. */
const matched = new WeakMap<RepositoryPaths, Map<string, string | null>>();
const MAX_SCOPES = 20;

/** The first path of the listing a rule covers, as `path, which RULE covers`; remembered, as the same listing meets the same rules on every call. */
function heldPath(listed: RepositoryPaths, scopeKey: string, ruleOf: (file: string) => string | undefined): string | undefined {
  let byScope = matched.get(listed);
  if (!byScope) matched.set(listed, (byScope = new Map()));
  let found = byScope.get(scopeKey);
  if (found === undefined) {
    found = null;
    for (const name of listed.paths) {
      const rule = ruleOf(path.join(listed.root, name));
      if (rule !== undefined) {
        found = `${name}, which ${rule} covers`;
        break;
      }
    }
    if (byScope.size >= MAX_SCOPES) byScope.clear();
    byScope.set(scopeKey, found);
  }
  return found ?? undefined;
}
