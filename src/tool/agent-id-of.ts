import type { AgentScope } from './agent-scope.ts';

/** The id of the top-level agent, and of a context that runs outside any agent loop. */
export const MAIN_AGENT_ID = 'main';

/** The agent a context belongs to (`main`, or a subagent's id): the owner of the tasks and subagents it starts. */
export function agentIdOf(context: { agent?: Pick<AgentScope, 'agentId'> }): string {
  return context.agent?.agentId ?? MAIN_AGENT_ID;
}
