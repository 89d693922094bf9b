import os from 'node:os';
import { isPathInside } from '../files/is-path-inside.ts';
import { collectRules } from './collect-rules.ts';
import { deniedReadInodes, inodeKey } from './denied-read-inodes.ts';
import { matchPathRule } from './rules/match-path-rule.ts';
import type { PathAnchors } from './rules/parse-path-pattern.ts';
import { resolvePathVariantsSync } from './rules/resolve-path-variants.ts';
import type { ToolPermissionContext } from './types.ts';

/** What decides a read that no tool call makes (instruction files, attachments): the session's rules and their anchors. */
export interface ReadScope {
  permissionContext: ToolPermissionContext;
  /** The working directory, the project root (what `/path` rules are relative to) and the home directory. */
  anchors: PathAnchors;
  /** The working directories, walked for the files any-depth deny rules (`.env`) cover (the hard-link check). */
  workingDirectories: readonly string[];
}

/** A session's read scope: its rules, its cwd, project root and home, `cwd` and the additional working directories. */
export function readScopeOf(context: { cwd: string; projectRoot?: string; homeDirectory?: string; permissionContext: ToolPermissionContext }): ReadScope {
  const root = context.projectRoot ?? context.cwd;
  return {
    permissionContext: context.permissionContext,
    anchors: { cwd: context.cwd, root, home: context.homeDirectory ?? os.homedir() },
    workingDirectories: [...new Set([context.cwd, root, ...context.permissionContext.additionalWorkingDirectories])],
  };
}

/**
 * What the decisions of a scope depend on, as a string: two scopes with the same key decide every file the
 * same way (a new permission context that only changed the mode or an allow rule keeps the key).
 */
export function readScopeKey(scope: ReadScope): string {
  const rules = collectRules(scope.permissionContext);
  const readRules = [...rules.deny, ...rules.ask].filter((rule) => rule.value.toolName === 'Read' && rule.value.ruleContent !== undefined).map((rule) => [rule.behavior, rule.text, rule.root ?? '']);
  return JSON.stringify([readRules, scope.anchors, scope.workingDirectories]);
}

/** Whether a file may be read, and if not why: the rule that refuses it (as written), or the boundary it is past. */
export type ReadDecision = { behavior: 'allow' } | { behavior: 'refuse'; reason: string; rule?: string };

/** The table of the hard-link check (see `deniedReadInodes`), made once for the files decided together. */
export type DeniedInodes = () => Promise<ReadonlyMap<string, string>>;

/**
 * The Read decision for a file already opened, made on what was opened: a Read deny or ask rule matching
 * the name it was opened by or the real path of the open file (nobody is asked here, so an ask refuses), a
 * file with several links whose inode is one a Read deny rule covers (a hard link to `.env` under another
 * name), and, when `roots` are given, a real path outside them. Bare `Read` rules are the Read tool's own and
 * are not applied.
 *
 * @example
 * const opened = await openRegularFile(file);
 * const decision = await readDecisionForFile({ scope, path: file, realPath: await openedFilePath(opened.handle, file), stats: opened.stats });
 */
export async function readDecisionForFile(options: {
  scope: ReadScope;
  /** The path as named: absolute, normalized. */
  path: string;
  /** The real path of the file that was opened. */
  realPath: string;
  /** The open file's identity and link count. */
  stats: { dev: number; ino: number; nlink: number };
  /** Where the real path must be; absent: anywhere. */
  roots?: readonly string[];
  /** A shared hard-link table, when several files are decided at once; else one is made when needed. */
  deniedInodes?: DeniedInodes;
}): Promise<ReadDecision> {
  const { scope, realPath } = options;
  const rules = collectRules(scope.permissionContext);
  const anchors = scope.anchors;
  const realAnchors = { cwd: realOf(anchors.cwd, anchors), root: realOf(anchors.root, anchors), home: realOf(anchors.home, anchors) };
  for (const rule of [...rules.deny, ...rules.ask]) {
    if (rule.value.toolName !== 'Read' || rule.value.ruleContent === undefined) continue;
    const matched = matchPathRule({ pattern: rule.value.ruleContent, variants: { lexical: options.path, real: realPath }, cwd: anchors.cwd, root: rule.root ?? anchors.root, home: anchors.home, behavior: rule.behavior, realAnchors });
    if (matched) return { behavior: 'refuse', rule: rule.text, reason: `refused by ${rule.text}${rule.behavior === 'ask' ? ' (an ask rule, and nobody is asked here)' : ''}` };
  }
  if (options.roots && !options.roots.some((root) => isPathInside(realPath, root))) return { behavior: 'refuse', reason: `outside the project (it is ${realPath})` };
  if (options.stats.nlink > 1) {
    const table = await (options.deniedInodes ?? (() => deniedReadInodes(scope)))();
    const denied = table.get(inodeKey(options.stats));
    if (denied !== undefined) return { behavior: 'refuse', reason: `it is ${denied} under another name (a hard link), which a Read deny rule covers` };
  }
  return { behavior: 'allow' };
}

function realOf(directory: string, anchors: PathAnchors): string {
  return resolvePathVariantsSync({ path: directory, cwd: anchors.cwd, home: anchors.home }).real;
}
