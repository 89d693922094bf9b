import type { Tool as McpToolInfo } from '@modelcontextprotocol/sdk/types';
import type { ToolPermissionContext } from '../permissions/types.ts';
import { mcpToolAnnotations } from '../mcp/mcp-tool-annotations.ts';
import type { Tool } from '../tool/types.ts';

/** Built-in tools that reach the world outside the project. */
const OPEN_WORLD_TOOLS = new Set(['WebFetch', 'WebSearch', 'Location']);

/**
 * One tool as `tools/list` shows it: its name, the text the model would read (its prompt), the JSON Schema
 * the agent sends the API, and hints from its definition, judged with no input (a tool that is read-only
 * for some inputs only, as Bash, says not read-only, and so may destroy); an MCP tool's own annotations win.
 */
export async function toMcpTool(tool: Tool, options: { permissionContext: ToolPermissionContext; tools: readonly Tool[] }): Promise<McpToolInfo> {
  const readOnly = hint(() => tool.isReadOnly({}));
  return {
    name: tool.name,
    description: await tool.prompt({ permissionContext: options.permissionContext, tools: options.tools }),
    inputSchema: tool.jsonSchema as McpToolInfo['inputSchema'],
    annotations: {
      title: titleOf(tool),
      readOnlyHint: readOnly,
      // MCP's reading of destructiveHint is "may destroy" (its default is true); codev's isDestructive judges one
      // input, and no input says nothing: a tool that may write (Write, Edit, Bash) may overwrite or delete.
      destructiveHint: !readOnly,
      idempotentHint: readOnly,
      openWorldHint: tool.isMcp || OPEN_WORLD_TOOLS.has(tool.name),
      // An MCP tool served on keeps what its own server said of it.
      ...mcpToolAnnotations(tool),
    },
  };
}

// Asked with no input, as the hints are: a name made from the input may throw, and then the tool's name is the title.
function titleOf(tool: Tool): string {
  try {
    return tool.userFacingName() || tool.name;
  } catch {
    return tool.name;
  }
}

// A tool's predicate may expect fields an empty input lacks: a throw is "no".
function hint(answer: () => boolean): boolean {
  try {
    return answer() === true;
  } catch {
    return false;
  }
}
