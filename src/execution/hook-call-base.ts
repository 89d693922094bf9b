import type { HookRunOptions } from '../hooks/types.ts';
import type { ToolCallState, ToolUseContext } from './types.ts';

/** What every hook run of a call shares: the hooks, the tool, the current input and the session. */
export function hookCallBase(state: ToolCallState): HookRunOptions {
  const { context, toolUse } = state.request;
  const agent = context.agent;
  // A literal of one shape, no spread: on Node 20 a spread followed by more keys costs microseconds per call.
  if (!agent || agent.depth === 0) {
    return { hooks: context.hooks, toolName: state.tool!.name, toolInput: state.input!, toolUseId: toolUse.id, cwd: context.cwd, permissionMode: context.permissionContext.mode, signal: context.signal };
  }
  return Object.assign(
    { hooks: context.hooks, toolName: state.tool!.name, toolInput: state.input!, toolUseId: toolUse.id, cwd: context.cwd, permissionMode: context.permissionContext.mode },
    subagentIdentity(agent),
    { signal: context.signal },
  );
}

/** The `agentId` and `agentType` hooks see for a call: set only inside a subagent, as Claude Code sets `agent_id` and `agent_type`. */
export function subagentIdentity(agent: ToolUseContext['agent']): Pick<HookRunOptions, 'agentId' | 'agentType'> {
  if (!agent || agent.depth === 0) return {};
  return agent.agentType === undefined ? { agentId: agent.agentId } : { agentId: agent.agentId, agentType: agent.agentType };
}
