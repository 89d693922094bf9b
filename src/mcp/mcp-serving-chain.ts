/**
 * The projects a chain of `codev mcp serve` processes serves, realpaths joined by the path delimiter: each one adds
 * its own to its environment, and codev passes the variable to the stdio MCP servers it starts (whatever its
 * environment policy), so that a `codev mcp serve` a project's `.mcp.json` starts in that same project, from the
 * `codev mcp serve` of it, can tell it would serve itself (and so on without end).
 */
export const MCP_SERVING_VARIABLE = 'CODEV_MCP_SERVING';

/** The chain's variable as this process has it, for the environment of a stdio MCP server; empty when unset. */
export function mcpServingChainEnvironment(): Record<string, string> {
  const chain = process.env[MCP_SERVING_VARIABLE];
  return chain ? { [MCP_SERVING_VARIABLE]: chain } : {};
}
