import type { SubagentActivity } from '../../tool/agent-run.ts';

/** One line about something a subagent did, for AgentProgress and a background task's log. */
export function activityLine(activity: SubagentActivity): string {
  switch (activity.kind) {
    case 'tool':
      return activity.activity;
    case 'tool-result':
      return `${activity.toolName}: ${activity.isError ? activity.status : 'done'}`;
    case 'text':
      return activity.text.length > 200 ? `${activity.text.slice(0, 197)}...` : activity.text;
  }
}
