import { realpathSync } from 'node:fs';
import path from 'node:path';
import { findProjectRoot } from '../../../config/find-project-root.ts';
import { CodevError } from '../../../errors/codev-error.ts';

/**
 * The projects served by the `codev mcp serve` processes above this one (a JSON list of real paths). Passed
 * to every process codev starts, MCP servers included (see `commandEnvironment`'s core variables).
 */
export const SERVING_CHAIN_KEY = 'CODEV_MCP_SERVE_CHAIN';

/** Past this many servers serving one another, something loops through projects that differ. */
const MAX_CHAIN = 8;

/**
 * Refuses to serve a project that a `codev mcp serve` above this process already serves (MCP_SERVE_FAILED):
 * a project whose .mcp.json names `codev mcp serve` of itself, directly or through other projects, would
 * otherwise start servers without end, each loading the project and starting the next. Else adds the
 * project to the chain in `env`, for the processes this one starts.
 */
export async function enterServingChain(options: { cwd: string; env: Record<string, string | undefined> }): Promise<void> {
  const root = realPath((await findProjectRoot(options.cwd)) ?? options.cwd);
  const chain = readChain(options.env[SERVING_CHAIN_KEY]);
  const hint = "remove the codev mcp serve entry from the project's .mcp.json (or mcpServers), or point it at another project";
  if (chain.includes(root)) throw new CodevError('MCP_SERVE_FAILED', `codev mcp serve of ${root} was started by a codev mcp serve of the same project (${chain.join(' -> ')}): the project's MCP servers serve the project itself, which would start servers without end`, { hint });
  if (chain.length >= MAX_CHAIN) throw new CodevError('MCP_SERVE_FAILED', `codev mcp serve of ${root} is the ${chain.length + 1}th of a chain of servers serving one another (${chain.join(' -> ')}): a loop through projects`, { hint });
  options.env[SERVING_CHAIN_KEY] = JSON.stringify([...chain, root]);
}

function readChain(value: string | undefined): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string').map(realPath) : [];
  } catch {
    return [];
  }
}

function realPath(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}
