import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { Tool } from '../tool/types.ts';
import type { McpServerConnection, McpToolInfo } from './connect-mcp-server.ts';
import { mcpToolToTool } from './mcp-tool-to-tool.ts';

/** One server's tools as codev Tools, and the tools that were skipped. */
export interface ServerTools {
  tools: Tool[];
  errors: CodevError[];
  /** The tool built for each MCP tool definition (as JSON), to pass back as `previous` next time. */
  built: Map<string, Tool>;
}

/**
 * Builds the codev Tools of one server's `tools/list`. A definition already built (the same JSON, in
 * `previous`) keeps its object, so a re-list that changes nothing changes no tool. A tool that cannot be
 * built, or whose normalized name clashes with another of the server's tools, is skipped as an
 * `MCP_SERVER_FAILED` value; the others are kept.
 */
export function buildServerTools(options: {
  server: string;
  definitions: readonly McpToolInfo[];
  connection: McpServerConnection;
  previous: ReadonlyMap<string, Tool>;
  maxOutputTokens?: number;
}): ServerTools {
  const result: ServerTools = { tools: [], errors: [], built: new Map() };
  const names = new Set<string>();
  for (const definition of options.definitions) {
    const json = JSON.stringify(definition);
    try {
      const tool = options.previous.get(json) ?? mcpToolToTool({ server: options.server, tool: definition, connection: options.connection, maxOutputTokens: options.maxOutputTokens });
      if (names.has(tool.name)) throw new CodevError('MCP_SERVER_FAILED', `MCP server "${options.server}": tool "${definition.name}" is named ${tool.name} like another of its tools; skipped`, { tool: tool.name });
      names.add(tool.name);
      result.built.set(json, tool);
      result.tools.push(tool);
    } catch (error) {
      result.errors.push(CodevError.isInstance(error) ? error : new CodevError('MCP_SERVER_FAILED', `MCP server "${options.server}": tool "${definition.name}" skipped: ${errorMessage(error)}`, { cause: error }));
    }
  }
  return result;
}
