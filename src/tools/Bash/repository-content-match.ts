import path from 'node:path';
import { matchingPathRule } from '../../permissions/matching-path-rule.ts';
import { readPathRules } from '../../permissions/read-path-rules.ts';
import { readScopeOf } from '../../permissions/read-scope.ts';
import { realAnchorsOf } from '../../permissions/real-anchors-of.ts';
import { resolveToolPath } from '../../permissions/rules/resolve-path-variants.ts';
import { resolveInDirectory } from '../../permissions/shell/directories.ts';
import type { ShellAnalysis } from '../../permissions/shell/types.ts';
import type { ToolContext } from '../../tool/types.ts';
import { repositoryPaths } from './repository-paths.ts';

/**
 * Why a git command that prints what files hold in the index or history (`git log -p`, `git show`,
 * `git cat-file -p`, `git diff --cached`) may print a file a Read deny or ask rule covers, or undefined
 * when it cannot. The sandbox hides the working file, not git's objects, so a committed or staged `.env`
 * would print; the rule is matched against every path the repository has in its index or any commit
 * (`<top folder>/<path>`). A repository whose paths cannot be listed, or a folder only known at run time,
 * may hold any path.
 */
export async function repositoryContentMatch(analysis: ShellAnalysis, context: ToolContext): Promise<string | undefined> {
  if (!analysis.ok) return undefined;
  const printing = analysis.commands.filter((command) => command.effects.printsRepositoryContent && command.effects.repository);
  if (printing.length === 0) return undefined;
  const { deny, ask } = readPathRules(context.permissionContext);
  if (deny.length === 0 && ask.length === 0) return undefined;
  const rules = [...deny, ...ask];
  const { anchors } = readScopeOf(context);
  const realAnchors = realAnchorsOf(anchors);
  for (const command of printing) {
    if (command.directories === undefined) return `"${command.text}" runs in a folder only known at run time`;
    for (const directory of command.directories) {
      const relative = resolveInDirectory(directory, command.effects.repository!.directory);
      if (relative === undefined || relative.startsWith('~')) return `"${command.text}" runs in a folder only known at run time`;
      const listed = await repositoryPaths(resolveToolPath({ path: relative, cwd: context.cwd }));
      if (listed === undefined) return `the files the repository of "${command.text}" holds could not be listed`;
      for (const name of listed.paths) {
        const file = path.join(listed.root, name);
        const rule = matchingPathRule({ rules, variants: { lexical: file, real: file }, anchors, realAnchors });
        if (rule) return `"${command.text}" prints what files hold in git's index or history, and the repository holds ${name}, which ${rule.text} covers`;
      }
    }
  }
  return undefined;
}
