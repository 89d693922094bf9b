import path from 'node:path';
import { collectRules } from './collect-rules.ts';
import { hasGlobSyntax } from './rules/match-glob-segment.ts';
import { matchParsedPathPattern } from './rules/match-path-pattern.ts';
import { parsePathPattern, type PathAnchors } from './rules/parse-path-pattern.ts';
import type { PermissionRule, ToolPermissionContext } from './types.ts';
import { MAX_WALK_ENTRIES, walkFiles } from './walk-files.ts';
import { findEquivalentPaths } from './find-equivalent-paths.ts';
import { RESTRICTIVE_FORMS, restrictiveForms } from './rules/unicode-forms.ts';

/**
 * The existing files and folders the Read and Edit deny rules cover, for the sandbox to hide (Read) or
 * keep read-only (Edit): a rule without wildcards names its path directly; a rule with wildcards (`.env`
 * at any depth, `src/*.pem`) is matched against the files below each working directory, and below its
 * own folder when that is a specific one (`~/.ssh/*`), 20,000 entries at most each. Files created after the
 * command starts are not covered: the sandbox is the second line, behind the shell analysis.
 */
export async function deniedPathsOnDisk(options: { permissionContext: ToolPermissionContext; anchors: PathAnchors; workingDirectories: readonly string[] }): Promise<{ hidden: string[]; readOnly: string[] }> {
  const denies = collectRules(options.permissionContext).deny.filter((rule) => rule.value.ruleContent !== undefined && (rule.value.toolName === 'Read' || rule.value.toolName === 'Edit'));
  const hidden = new Set<string>();
  const readOnly = new Set<string>();
  for (const rule of denies) {
    const found = await pathsOf(rule, options);
    for (const file of found) (rule.value.toolName === 'Read' ? hidden : readOnly).add(file);
  }
  return { hidden: [...hidden], readOnly: [...readOnly] };
}

async function pathsOf(rule: PermissionRule, options: { anchors: PathAnchors; workingDirectories: readonly string[] }): Promise<string[]> {
  const anchors = { ...options.anchors, root: rule.root ?? options.anchors.root };
  const pattern = parsePathPattern({ pattern: rule.value.ruleContent!, behavior: 'deny', ...anchors });
  if (!pattern) return [];
  const core = [...pattern.segments];
  while (core.at(-1) === '**') core.pop();
  // A name the rule spells in one Unicode form may be on disk in another (see restrictiveForms).
  if (!core.some(hasGlobSyntax)) return findEquivalentPaths(path.posix.join(pattern.base, ...core));
  const forms = restrictiveForms({ pattern: rule.value.ruleContent!, ...anchors }).flatMap(({ pattern: text, ...formAnchors }, index) => {
    const parsed = parsePathPattern({ pattern: text, behavior: 'deny', ...formAnchors });
    return parsed ? [{ form: RESTRICTIVE_FORMS[index]!, pattern: parsed }] : [];
  });
  const matches = (file: string) => matchParsedPathPattern(pattern, file) || forms.some((entry) => matchParsedPathPattern(entry.pattern, file.normalize(entry.form)));
  const roots = pattern.base === path.posix.sep ? options.workingDirectories : await findEquivalentPaths(pattern.base);
  const found: string[] = [];
  for (const root of roots) {
    await walkFiles(root, {
      limit: MAX_WALK_ENTRIES,
      visit: (file) => {
        if (!matches(file)) return;
        found.push(file);
        return 'skip';
      },
    });
  }
  return found;
}
