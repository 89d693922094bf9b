import path from 'node:path';
import { pathAccessCovered, pathRuleApplies, type RuleMatch } from './match-rules.ts';
import type { PreparedCall, PreparedPath } from './prepare-call.ts';
import { matchPathPatternBelow } from './rules/match-path-pattern.ts';
import { matchPathRule } from './rules/match-path-rule.ts';
import type { PermissionRule } from './types.ts';
import { MAX_WALK_ENTRIES, walkFiles } from './walk-files.ts';

/**
 * A Read or Edit deny (or ask) rule that a whole-folder read or write reaches (`grep -r x .` under
 * `Read(.env)`): for each such folder and each rule that could match below it, the folder is walked
 * (symlinks not followed, 20,000 entries at most) for a file the rule matches. One found is a certain match
 * (`possible` folders, handed on by `find -exec` or `xargs`, give an uncertain one: the command may skip
 * it); a walk cut short is an uncertain match.
 */
export async function findRuleMatchBelow(call: PreparedCall, rules: readonly PermissionRule[], behavior: 'deny' | 'ask'): Promise<RuleMatch | undefined> {
  const folders = call.paths.filter((entry) => entry.recursive);
  if (folders.length === 0) return undefined;
  const pathRules = rules.filter(pathRuleApplies);
  for (const folder of folders) {
    const candidates = pathRules.filter((rule) => pathAccessCovered(rule, folder, behavior) && couldMatchBelow(call, rule, folder));
    if (candidates.length === 0) continue;
    const found = await walkFor(folder.variants.real, (file) => candidates.find((rule) => matches(call, rule, { folder, file, behavior })));
    if (found === 'truncated') return { rule: candidates[0]!, certain: false, reason: `${folder.path} holds too many files to check against the rule` };
    if (found) return { rule: found.rule, certain: folder.origin !== 'possible', reason: `${folder.path} contains ${found.file}` };
  }
  return undefined;
}

function couldMatchBelow(call: PreparedCall, rule: PermissionRule, folder: PreparedPath): boolean {
  const anchors = { cwd: call.cwd, root: rule.root ?? call.root, home: call.home };
  const below = (candidate: string, pathAnchors: typeof anchors) => matchPathPatternBelow({ pattern: rule.value.ruleContent!, path: candidate, behavior: rule.behavior, ...pathAnchors });
  return below(folder.variants.lexical, anchors) || below(folder.variants.real, anchors) || below(folder.variants.real, call.realAnchors);
}

function matches(call: PreparedCall, rule: PermissionRule, options: { folder: PreparedPath; file: string; behavior: 'deny' | 'ask' }): boolean {
  const { folder, file } = options;
  const relative = path.posix.relative(folder.variants.real, file);
  const variants = { lexical: path.posix.join(folder.variants.lexical, relative), real: file };
  return matchPathRule({ pattern: rule.value.ruleContent!, variants, cwd: call.cwd, root: rule.root ?? call.root, home: call.home, behavior: options.behavior, realAnchors: call.realAnchors });
}

async function walkFor<T>(root: string, test: (file: string) => T | undefined): Promise<{ rule: T; file: string } | 'truncated' | undefined> {
  let found: { rule: T; file: string } | undefined;
  const outcome = await walkFiles(root, {
    limit: MAX_WALK_ENTRIES,
    visit: (file) => {
      const rule = test(file);
      if (rule === undefined) return;
      found = { rule, file };
      return 'stop';
    },
  });
  return found ?? (outcome === 'truncated' ? 'truncated' : undefined);
}
