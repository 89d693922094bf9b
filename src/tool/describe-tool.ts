import type { Tool } from './types.ts';

/** One tool of a pool as `codev tools` and `codev ui` show it. */
export interface ToolDescription {
  name: string;
  /** `builtin`, `plugin <file>`, `mcp <server>`, ... */
  source: string;
  aliases: string[];
  /** `deferred`, `always-load`, `strict`, `mcp`: those that hold. */
  flags: string[];
  /** Null when unlimited. */
  maxResultSizeChars: number | null;
}

/** How `codev tools` (and the UI's tool list) describe a tool: where it came from and how it loads. */
export function describeTool(tool: Tool): ToolDescription {
  const source = tool.source.type === 'plugin' ? `plugin ${tool.source.file}` : tool.source.type === 'mcp' ? `mcp ${tool.source.server}` : tool.source.type;
  const flags = [tool.shouldDefer && 'deferred', tool.alwaysLoad && 'always-load', tool.strict && 'strict', tool.isMcp && 'mcp'].filter(Boolean) as string[];
  return { name: tool.name, source, aliases: [...tool.aliases], flags, maxResultSizeChars: Number.isFinite(tool.maxResultSizeChars) ? tool.maxResultSizeChars : null };
}
