import path from 'node:path';
import type { ToolUseContext } from '../execution/types.ts';
import { addRulesToContext } from '../permissions/create-permission-context.ts';
import type { PermissionMode } from '../permissions/types.ts';
import type { Tool, ToolCallContext } from '../tool/types.ts';

/**
 * Makes the tool contexts of a subagent from the Agent call's context: the parent's hooks, rule sets,
 * classifier and rules (session rules included), in a mode never wider than the parent's, with the
 * agent type's `disallowedTools` as deny rules too (so an alias or a later pool change cannot bring one
 * back), its own pool, its own cwd and its own session folder (its file reads and tasks are its own).
 */
export function createSubagentContext(options: {
  parent: ToolCallContext<any>;
  agentId: string;
  tools: readonly Tool[];
  mode: PermissionMode;
  disallowedTools: readonly string[];
  cwd: string;
  /** Where `/path` rules are anchored; a worktree's root for an isolated subagent. */
  projectRoot?: string;
}): (signal: AbortSignal) => ToolUseContext {
  const { toolUseId: _toolUseId, onProgress: _onProgress, canUseTool: _canUseTool, assistantMessage: _assistantMessage, ...inherited } = options.parent as ToolCallContext & ToolUseContext;
  let permissionContext = Object.freeze({ ...inherited.permissionContext, mode: options.mode });
  if (options.disallowedTools.length > 0) {
    permissionContext = addRulesToContext({ context: permissionContext, behavior: 'deny', source: 'session', rules: options.disallowedTools });
  }
  const sessionDirectory = path.join(inherited.sessionDirectory, 'agents', options.agentId);
  return (signal) => ({
    ...inherited,
    cwd: options.cwd,
    projectRoot: options.projectRoot ?? inherited.projectRoot,
    signal,
    tools: options.tools,
    permissionContext,
    sessionDirectory,
    loadedDeferredTools: undefined,
  });
}
