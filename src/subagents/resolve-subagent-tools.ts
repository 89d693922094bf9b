import { CodevError } from '../errors/codev-error.ts';
import type { Tool } from '../tool/types.ts';

/** The tool that starts subagents; a subagent at the depth limit goes without it. */
export const AGENT_TOOL_NAME = 'Agent';
/** The tool that messages the subagents an agent started: no use to an agent that cannot start any. */
const SEND_MESSAGE_TOOL_NAME = 'SendMessage';

/**
 * The pool of a subagent, in its parent's order: the parent's tools minus `disallowedTools`, then only
 * `tools` when given (names, aliases, `*`, or MCP prefixes `mcp__server` / `mcp__server__*`), minus the
 * Agent and SendMessage tools when `canNest` is false. A subagent never gets a tool its parent lacks. A `tools` list that
 * matches nothing is `AGENT_INVALID`: an agent with no tools is a mistake, not a choice.
 */
export function resolveSubagentTools(options: {
  parentTools: readonly Tool[];
  agentType: string;
  tools?: readonly string[];
  disallowedTools?: readonly string[];
  canNest: boolean;
}): Tool[] {
  const { parentTools, tools, disallowedTools = [] } = options;
  let pool = parentTools.filter((tool) => !disallowedTools.some((pattern) => matchesToolPattern(tool, pattern)));
  if (tools && !tools.includes('*')) pool = pool.filter((tool) => tools.some((pattern) => matchesToolPattern(tool, pattern)));
  if (!options.canNest) pool = pool.filter((tool) => tool.name !== AGENT_TOOL_NAME && tool.name !== SEND_MESSAGE_TOOL_NAME);
  if (tools && tools.length > 0 && pool.length === 0) {
    throw new CodevError('AGENT_INVALID', `Agent "${options.agentType}" would be spawned with zero tools: none of ${tools.join(', ')} is available here`, {
      field: 'tools',
      hint: `use names from the parent's pool: ${parentTools.map((tool) => tool.name).join(', ') || '(none)'}`,
    });
  }
  return pool;
}

/** `Read`, an alias of the tool, `*`, or an MCP server prefix (`mcp__github`, `mcp__github__*`). */
export function matchesToolPattern(tool: Tool, pattern: string): boolean {
  const name = pattern.trim();
  if (name === '*' || name === tool.name || tool.aliases.includes(name)) return true;
  if (!name.startsWith('mcp__')) return false;
  if (name.endsWith('__*')) return tool.name.startsWith(name.slice(0, -1));
  return name.split('__').length === 2 && tool.name.startsWith(`${name}__`);
}
