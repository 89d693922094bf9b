import os from 'node:os';
import type { PathAnchors } from './rules/parse-path-pattern.ts';
import { readPathRules } from './read-path-rules.ts';
import type { ToolPermissionContext } from './types.ts';

/** What decides a read: the session's rules and their anchors (for a tool call's checks and for a read no tool call makes: instruction files, attachments). */
export interface ReadScope {
  permissionContext: ToolPermissionContext;
  /** The working directory, the project root (what `/path` rules are relative to) and the home directory. */
  anchors: PathAnchors;
  /** The working directories, walked for the files any-depth deny rules (`.env`) cover (the hard-link check). */
  workingDirectories: readonly string[];
}

/** A session's read scope: its rules, its cwd, project root and home, `cwd`, the project root and the additional working directories. */
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
  const rules = readPathRules(scope.permissionContext);
  const readRules = [...rules.deny, ...rules.ask].map((rule) => [rule.behavior, rule.text, rule.root ?? '']);
  return JSON.stringify([readRules, scope.anchors, scope.workingDirectories]);
}
