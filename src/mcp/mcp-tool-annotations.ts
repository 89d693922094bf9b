import type { Tool } from '../tool/types.ts';
import type { McpToolInfo } from './connect-mcp-server.ts';

/** The hints an MCP server gave one of its tools (`readOnlyHint`, `idempotentHint`, `openWorldHint`, `title`...). */
export type McpToolAnnotations = NonNullable<McpToolInfo['annotations']>;

const annotationsOf = new WeakMap<Tool, McpToolAnnotations>();

/** Remembers the server's own annotations of a tool `mcpToolToTool` made, for whoever serves it on (`codev mcp serve`). */
export function rememberMcpToolAnnotations(tool: Tool, annotations: McpToolAnnotations | undefined): Tool {
  if (annotations) annotationsOf.set(tool, annotations);
  return tool;
}

/** The annotations the MCP server gave this tool, when it is an MCP tool that had some. */
export function mcpToolAnnotations(tool: Tool): McpToolAnnotations | undefined {
  return annotationsOf.get(tool);
}
