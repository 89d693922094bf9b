import { realpathSync } from 'node:fs';
import path from 'node:path';
import { CodevError } from '../../../errors/codev-error.ts';
import { MCP_SERVING_VARIABLE } from '../../../mcp/mcp-serving-chain.ts';

/**
 * Adds the project to the chain of `codev mcp serve` processes (see MCP_SERVING_VARIABLE), in `process.env`, which
 * the MCP servers this one starts inherit. Throws `MCP_SERVE_FAILED` when the chain already serves it: this
 * process was started, through the project's `.mcp.json` or config, by the `codev mcp serve` of the same project,
 * and serving would start the next copy, and so on; the first one serves the project without it.
 */
export function joinServingChain(options: { cwd: string; env: Readonly<Record<string, string | undefined>> }): void {
  const project = realpathOr(options.cwd);
  const chain = (options.env[MCP_SERVING_VARIABLE] ?? '').split(path.delimiter).filter(Boolean);
  if (chain.includes(project)) {
    throw new CodevError('MCP_SERVE_FAILED', `codev mcp serve of ${project} was started by codev mcp serve of the same project (its .mcp.json or config names codev mcp serve): it would serve itself`, {
      hint: 'nothing to do: the codev mcp serve that started this one serves the project without it',
    });
  }
  process.env[MCP_SERVING_VARIABLE] = [...chain, project].join(path.delimiter);
}

function realpathOr(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return path.resolve(folder);
  }
}
