import os from 'node:os';
import { configSearchDirectories } from '../files/codev-files.ts';
import { isPathInside } from '../files/is-path-inside.ts';
import type { ToolUseContext } from '../execution/types.ts';
import type { ToolPermissionContext } from '../permissions/types.ts';
import { carrySessionRules } from './carry-session-rules.ts';
import type { Generation, ToolUseContextOptions } from './types.ts';

/**
 * A tool-use context bound to one generation: its tools, hooks, rule sets and permission context are that
 * generation's, held by value, so calls made with it never see a later reload. With `carryOver`, the rest
 * of the earlier context (callbacks, loaded deferred tools, session directory) comes along, and so do the
 * rules and mode the session changed (`base` is the permission context the earlier one started from).
 */
export function bindToolUseContext(options: {
  generation: Generation;
  cwd: string;
  defaultSessionDirectory: string;
  contextOptions: ToolUseContextOptions;
  base?: ToolPermissionContext;
}): ToolUseContext {
  const { generation, contextOptions } = options;
  const session = contextOptions.carryOver;
  return {
    ...session,
    cwd: options.cwd,
    signal: contextOptions.signal ?? new AbortController().signal,
    permissionContext: session
      ? carrySessionRules({ session: session.permissionContext, base: options.base, next: generation.permissionContext })
      : generation.permissionContext,
    tools: generation.tools,
    sessionDirectory: contextOptions.sessionDirectory ?? session?.sessionDirectory ?? options.defaultSessionDirectory,
    hooks: generation.hooks,
    environment: generation.config.environment,
    ruleSets: generation.ruleSets,
    localSettingsFile: generation.localSettingsFile,
    homeDirectory: session?.homeDirectory ?? os.homedir(),
    projectRoot: generation.root,
    pluginDirectories: generation.pluginDirectories,
    pluginFiles: generation.pluginFiles,
    configDirectories: isPathInside(options.cwd, generation.root) ? configSearchDirectories(options.cwd, generation.root) : [options.cwd, generation.root],
  };
}
