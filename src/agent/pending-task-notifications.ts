import type Anthropic from '@anthropic-ai/sdk';
import type { ToolUseContext } from '../execution/types.ts';
import { getSessionState } from '../session/get-session-state.ts';
import { agentIdOf, MAIN_AGENT_ID } from '../tool/agent-id-of.ts';
import { takeTaskNotifications, type TaskNotification } from '../tasks/take-task-notifications.ts';

/** The notifications of the agent's ended background tasks, as events and as text blocks for its next message. */
export function pendingTaskNotifications(context: ToolUseContext): { notifications: TaskNotification[]; blocks: Anthropic.TextBlockParam[] } {
  const notifications = takeTaskNotifications({ sessionDirectory: context.sessionDirectory, owner: agentIdOf(context) });
  return { notifications, blocks: notifications.map((notification) => ({ type: 'text', text: notification.text })) };
}

/** Waits until none of the background subagents this agent started is running, or `signal` aborts. */
export async function waitForBackgroundAgents(context: ToolUseContext, signal: AbortSignal): Promise<boolean> {
  const owner = agentIdOf(context);
  const running = () => [...getSessionState(context).tasks.values()].filter((task) => task.type === 'agent' && (task.owner ?? MAIN_AGENT_ID) === owner && task.status() === 'running');
  let waited = false;
  for (let tasks = running(); tasks.length > 0 && !signal.aborted; tasks = running()) {
    waited = true;
    await Promise.race(tasks.map((task) => task.wait({ timeoutMs: 2 ** 31 - 1, signal })));
  }
  return waited;
}
