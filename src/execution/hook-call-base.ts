import type { HookRunOptions } from '../hooks/types.ts';
import type { ToolCallState } from './types.ts';

/** What every hook run of a call shares: the hooks, the tool, the current input and the session. */
export function hookCallBase(state: ToolCallState): HookRunOptions {
  const { context, toolUse } = state.request;
  return {
    hooks: context.hooks,
    toolName: state.tool!.name,
    toolInput: state.input!,
    toolUseId: toolUse.id,
    cwd: context.cwd,
    permissionMode: context.permissionContext.mode,
    signal: context.signal,
  };
}
