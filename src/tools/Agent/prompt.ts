import type { AgentTypeDefinition } from '../../tool/agent-scope.ts';

export const AGENT_DESCRIPTION = 'Launch a subagent to work on a task on its own and report back';

const INTRO = `Launch a new agent to handle a complex, multi-step task on its own. The agent starts with no memory of this conversation: give it a complete, self-contained prompt (the goal, what you already know, what to return). Its final message comes back to you as this tool's result; the user does not see it, so summarise what matters.

- description: a short (3-5 word) summary of the task.
- subagent_type: one of the agent types below (default "general-purpose").
- Launch several agents in the same message to work in parallel when their tasks are independent.
- run_in_background: true returns at once with a task id; read the agent's progress and report with TaskOutput, stop it with TaskStop.
- isolation: "worktree" runs the agent in a fresh git worktree of this repository, so its edits do not touch the working copy; a worktree with changes is kept and its path and branch are reported.
- cwd: the agent's working directory (inside the current working directories).
- model: "sonnet", "opus", "haiku" or "inherit" (default: the agent type's model, else yours).
- mode: a permission mode for the agent's calls; it never gets more than yours.
- name: an id for the agent (letters, digits, "_", "-"); with it, SendMessage({ to: name, message }) later goes on with the same agent, which keeps what it learned.
- Each tool call of the agent goes through the same permission rules and prompts as yours.`;

/** The Agent tool's prompt: how to use it, then the agent types. */
export function buildAgentPrompt(definitions: readonly AgentTypeDefinition[]): string {
  const lines = definitions.map((definition) => {
    const tools = definition.tools ? ` (Tools: ${definition.tools.join(', ')})` : definition.disallowedTools ? ` (Tools: all but ${definition.disallowedTools.join(', ')})` : ' (Tools: all)';
    return `- ${definition.name}: ${definition.description.replace(/\s+/g, ' ')}${tools}`;
  });
  return `${INTRO}\n\nAvailable agent types:\n${lines.join('\n')}`;
}
