import { mkdtempSync } from 'node:fs';
import { removeAtExit } from './remove-at-exit.ts';
import os from 'node:os';
import path from 'node:path';
import type { ToolUseContext } from '../execution/types.ts';
import type { ToolHook } from '../hooks/types.ts';
import type { PermissionRuleSet } from '../permissions/define-permission-rule.ts';
import { createPermissionContext } from '../permissions/create-permission-context.ts';
import type { PermissionClassifier, PermissionMode, RulesBySource } from '../permissions/types.ts';
import type { Tool } from '../tool/types.ts';
import { refreshWithheld } from '../processes/command-environment.ts';

/**
 * A ToolUseContext for tests and scripts without a project: the given tools, hooks and rules, a session
 * directory in a fresh temp folder, and `cwd` defaulting to that folder. The folder is removed when the
 * process exits.
 */
export function createTestContext(options: {
  tools?: readonly Tool[];
  hooks?: readonly ToolHook[];
  ruleSets?: readonly PermissionRuleSet[];
  mode?: PermissionMode;
  allow?: RulesBySource | readonly string[];
  deny?: RulesBySource | readonly string[];
  ask?: RulesBySource | readonly string[];
  cwd?: string;
  home?: string;
  signal?: AbortSignal;
  classifier?: PermissionClassifier;
  additionalWorkingDirectories?: readonly string[];
  pluginDirectories?: readonly string[];
} = {}): ToolUseContext {
  const directory = removeAtExit(mkdtempSync(path.join(os.tmpdir(), 'codev-test-')));
  const bySource = (rules: RulesBySource | readonly string[] | undefined): RulesBySource => (Array.isArray(rules) ? { session: rules } : ((rules as RulesBySource | undefined) ?? {}));
  const cwd = options.cwd ?? directory;
  // As a kernel's context does: results are redacted with the environment's credentials as they are now.
  refreshWithheld(undefined);
  return {
    cwd,
    signal: options.signal ?? new AbortController().signal,
    permissionContext: createPermissionContext({
      mode: options.mode,
      allow: bySource(options.allow),
      deny: bySource(options.deny),
      ask: bySource(options.ask),
      additionalWorkingDirectories: options.additionalWorkingDirectories,
    }),
    tools: options.tools ?? [],
    sessionDirectory: path.join(directory, 'session'),
    hooks: options.hooks ?? [],
    ruleSets: options.ruleSets ?? [],
    classifier: options.classifier,
    localSettingsFile: path.join(directory, 'settings.local.json'),
    homeDirectory: options.home ?? path.join(directory, 'home'),
    projectRoot: cwd,
    pluginDirectories: options.pluginDirectories ?? [],
  };
}
