import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { configSchema, type CodevConfig, type McpServerConfig } from '../config/config-schema.ts';
import { lazySchema } from '../tool/lazy-schema.ts';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import { MCP_CONFIG_FILE } from '../files/codev-files.ts';

/** The project file of MCP servers, at the project root (the same format as Claude Code's). */
export const MCP_JSON_FILE = MCP_CONFIG_FILE;

const mcpFileSchema = lazySchema(() => configSchema().pick({ mcpServers: true }));

export interface LoadedMcpConfig {
  /** `.mcp.json`'s servers, then the config's (a name in both takes the config's entry). */
  servers: Record<string, McpServerConfig>;
  /** `.mcp.json`, absolute, when it exists. */
  file?: string;
  /** Why `.mcp.json` could not be used (`CONFIG_INVALID`); the config's servers still load. */
  errors: CodevError[];
}

/**
 * Reads `<root>/.mcp.json` (`{ "mcpServers": { name: { command, args?, env?, cwd? } | { url, headers? } } }`;
 * a `type` of `stdio` or `http` is accepted and dropped) and merges the config's `mcpServers` over it.
 * A missing file (or a folder of that name) is fine; an unreadable or invalid one is an error value, and none of its servers load.
 */
export async function loadMcpConfig(options: { root: string; config?: Pick<CodevConfig, 'mcpServers'> }): Promise<LoadedMcpConfig> {
  const fromConfig = options.config?.mcpServers ?? {};
  const file = path.join(options.root, MCP_JSON_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    // A folder is no MCP file: the sandbox stands an empty one in for a missing `.mcp.json` while a command runs.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return { servers: { ...fromConfig }, errors: [] };
    return { servers: { ...fromConfig }, file, errors: [invalid(file, `cannot read ${MCP_JSON_FILE}: ${errorMessage(error)}`, error)] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { servers: { ...fromConfig }, file, errors: [invalid(file, `${MCP_JSON_FILE} is not valid JSON: ${errorMessage(error)}`, error)] };
  }
  const parsed = mcpFileSchema().safeParse({ mcpServers: isRecord(raw) ? dropTransportTypes(raw.mcpServers) : raw });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.');
    return { servers: { ...fromConfig }, file, errors: [invalid(file, `${MCP_JSON_FILE} is invalid${field ? ` at ${field}` : ''}: ${issue?.message ?? parsed.error.message}`, parsed.error, field)] };
  }
  return { servers: { ...parsed.data.mcpServers, ...fromConfig }, file, errors: [] };
}

/** Claude Code's `.mcp.json` may say `"type": "stdio"` or `"type": "http"`; the shape already tells. */
function dropTransportTypes(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const servers: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(raw)) {
    if (isRecord(entry) && (entry.type === 'stdio' || entry.type === 'http' || entry.type === 'streamable-http')) {
      const { type: _type, ...rest } = entry;
      servers[name] = rest;
    } else servers[name] = entry;
  }
  return servers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(file: string, message: string, cause: unknown, field?: string): CodevError {
  return new CodevError('CONFIG_INVALID', message, { file, field, cause, hint: `fix ${MCP_JSON_FILE}: { "mcpServers": { "<name>": { "command": "...", "args": [] } | { "url": "https://..." } } }` });
}
