import { createAgentTool } from './create-agent-tool.ts';

export { createAgentTool, type AgentInput } from './create-agent-tool.ts';
export { formatAgentResult } from './format-agent-result.ts';
export type { AgentCompletedOutput } from '../../tool/agent-run.ts';
export type { AgentLaunchedOutput, AgentOutput } from './types.ts';

/** The Agent tool: subagents of the types in `agents/*.md`, the config and the built-ins. */
export const agentTool = createAgentTool();
