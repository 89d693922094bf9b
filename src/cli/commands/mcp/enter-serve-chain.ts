import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { CodevError } from '../../../errors/codev-error.ts';
import { connectMcpServer, type ConnectMcpServerOptions } from '../../../mcp/connect-mcp-server.ts';

/**
 * The folders served by the `codev mcp serve` processes above this one (a JSON array of real paths), passed by
 * each to the stdio MCP servers its kernel starts, whatever their environment policy.
 */
export const SERVE_CHAIN_VARIABLE = 'CODEV_MCP_SERVE_CHAIN';
/** Nested `codev mcp serve` processes at most: a chain of projects serving each other does not go deeper. */
const MAX_SERVE_DEPTH = 8;

/**
 * Joins the chain of `codev mcp serve` processes that started each other (a project whose `.mcp.json` or
 * `mcpServers` names `codev mcp serve`, as the config for Claude Code does, is served by a codev that consumes
 * the same file): throws MCP_SERVE_FAILED when `directory` is already served above (or the chain is too deep),
 * since serving it would start the same server again, without end. Else returns the `connect` of the kernel's
 * MCP servers, which tells every stdio server started the chain with `directory` in it.
 */
export async function enterServeChain(options: { env: Readonly<Record<string, string | undefined>>; directory: string }): Promise<(connect: ConnectMcpServerOptions) => ReturnType<typeof connectMcpServer>> {
  const chain = parseChain(options.env[SERVE_CHAIN_VARIABLE]);
  const directory = await realpath(options.directory).catch(() => path.resolve(options.directory));
  if (chain.includes(directory) || chain.length >= MAX_SERVE_DEPTH) {
    throw new CodevError('MCP_SERVE_FAILED', `codev mcp serve is already serving ${directory} further up this chain of MCP servers (${chain.join(' → ')}): serving it again would start itself without end.`, {
      hint: 'Nothing to fix when the entry is for another client (Claude Code reads .mcp.json too): the codev above serves without it. Else take codev mcp serve of this folder out of its MCP servers.',
    });
  }
  const passed = JSON.stringify([...chain, directory]);
  return (connect) => {
    const { config } = connect;
    // Last, so that a server's own env cannot drop the chain.
    return connectMcpServer('command' in config ? { ...connect, config: { ...config, env: { ...config.env, [SERVE_CHAIN_VARIABLE]: passed } } } : connect);
  };
}

function parseChain(text: string | undefined): string[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}
