import type { Tool } from '../tool/types.ts';
import { AGENT_ONLY_TOOLS } from './agent-only-tools.ts';
import type { CreateMcpServerOptions } from './types.ts';

/** Whether a tool of the pool is served: the `tools` option (names, or a predicate), else every tool but `AGENT_ONLY_TOOLS`. */
export function isServedTool(tool: Tool, tools: CreateMcpServerOptions['tools']): boolean {
  if (typeof tools === 'function') return tools(tool);
  if (tools) return tools.includes(tool.name);
  return !AGENT_ONLY_TOOLS.includes(tool.name);
}

/** The served tool a client's name means: by name, else by alias (names compare exactly, as codev's do). */
export function findServedTool(options: { pool: readonly Tool[]; name: string; tools: CreateMcpServerOptions['tools'] }): Tool | undefined {
  const { pool, name, tools } = options;
  const tool = pool.find((candidate) => candidate.name === name) ?? pool.find((candidate) => candidate.aliases.includes(name));
  return tool && isServedTool(tool, tools) ? tool : undefined;
}
