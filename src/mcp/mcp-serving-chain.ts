/**
 * The projects served by the `codev mcp serve` processes above this one (a JSON list of real paths): each one
 * adds its own (see `enterServingChain`), and codev passes the variable to every process it starts, the stdio
 * MCP servers included whatever their environment policy, so that a `codev mcp serve` started by the
 * `codev mcp serve` of the same project (its `.mcp.json` naming it) can tell it would serve itself without end.
 */
export const SERVING_CHAIN_KEY = 'CODEV_MCP_SERVE_CHAIN';

/** The chain's variable as this process has it, for the environment of a stdio MCP server; empty when unset. */
export function mcpServingChainEnvironment(): Record<string, string> {
  const chain = process.env[SERVING_CHAIN_KEY];
  return chain ? { [SERVING_CHAIN_KEY]: chain } : {};
}
