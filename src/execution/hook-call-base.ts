import type { HookRunOptions, ToolHook, ToolHookEvent } from '../hooks/types.ts';
import type { HookProgress } from '../progress/types.ts';
import type { ToolCallState, ToolUseContext, ToolUseUpdate } from './types.ts';

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

/** Whether any hook of `event` takes the tool: a call with none skips the hook stage without building anything. */
export function hasMatchingHook(hooks: readonly ToolHook[], event: ToolHookEvent, toolName: string): boolean {
  for (const hook of hooks) if (hook.event === event && hook.matches(toolName)) return true;
  return false;
}

/** The `agentId` and `agentType` hooks see for a call: set only inside a subagent, as Claude Code sets `agent_id` and `agent_type`. */
export function subagentIdentity(agent: ToolUseContext['agent']): Pick<HookRunOptions, 'agentId' | 'agentType'> {
  if (!agent || agent.depth === 0) return {};
  return agent.agentType === undefined ? { agentId: agent.agentId } : { agentId: agent.agentId, agentType: agent.agentType };
}

/** Runs a hook run to its end, yielding each hook's progress as a `progress` update of the call; returns its result. */
export async function* forwardHookProgress<Result>(state: ToolCallState, run: AsyncGenerator<HookProgress, Result, void>): AsyncGenerator<ToolUseUpdate, Result, void> {
  const toolUseId = state.request.toolUse.id;
  const toolName = state.tool!.name;
  while (true) {
    const step = await run.next();
    if (step.done) return step.value;
    yield { type: 'progress', toolUseId, toolName, progress: step.value };
  }
}
