import type { AgentProgress } from '../../progress/types.ts';
import type { SubagentActivity } from '../../tool/agent-run.ts';
import type { ToolCallContext } from '../../tool/types.ts';
import { activityLine } from './activity-line.ts';

/**
 * The `onActivity` of a subagent run in the foreground: each tool call and text becomes an `agent_progress`
 * update of the calling tool (Agent, SendMessage), with the run's tool-use count so far.
 */
export function reportAgentProgress(context: Pick<ToolCallContext<AgentProgress>, 'onProgress'>, agent: { agentId: string; agentType: string }): (activity: SubagentActivity) => void {
  let toolUseCount = 0;
  return (activity) => {
    if (activity.kind === 'tool') toolUseCount = activity.toolUseCount;
    if (activity.kind !== 'tool-result') context.onProgress({ type: 'agent_progress', agentId: agent.agentId, agentType: agent.agentType, message: activityLine(activity), toolUseCount });
  };
}
