import { CodevError } from '../errors/codev-error.ts';
import { collectRules } from '../permissions/collect-rules.ts';
import { matchesToolName } from '../permissions/rules/match-tool-name.ts';
import type { ToolPermissionContext } from '../permissions/types.ts';
import type { McpServerConnection } from './connect-mcp-server.ts';
import { normalizeMcpName } from './mcp-tool-to-tool.ts';

/** What the resource tools need of one connected server. */
export type McpResourceServer = Pick<McpServerConnection, 'name' | 'hasResources' | 'listResources' | 'readResource'>;

/** The connected servers, in name order, read at each call (so the tools follow reconnects and config edits). */
export type McpResourceServers = () => readonly McpResourceServer[];

/** What both resource tools are built from. */
export interface McpResourceToolOptions {
  servers: McpResourceServers;
  /** Results estimated above this many tokens become an error. Default 25,000. */
  maxOutputTokens?: number;
}

/**
 * The connected server named `name`, when it offers resources. Otherwise throws `MCP_RESOURCE_NOT_FOUND`
 * with a message that lists the servers that do, so the model can retry with one of them.
 */
export function findResourceServer(servers: readonly McpResourceServer[], name: string, tool: string): McpResourceServer {
  const server = servers.find((candidate) => candidate.name === name);
  if (server?.hasResources) return server;
  const offering = servers.filter((candidate) => candidate.hasResources).map((candidate) => `"${candidate.name}"`);
  const available = offering.length > 0 ? `Servers with resources: ${offering.join(', ')}.` : 'No connected MCP server offers resources.';
  const problem = server ? `MCP server "${name}" does not offer resources.` : `No connected MCP server is named "${name}".`;
  throw new CodevError('MCP_RESOURCE_NOT_FOUND', `${problem} ${available}`, { tool });
}

/**
 * The servers whose tools no blanket deny rule removes as a whole (`mcp__github`, `mcp__github__*`,
 * `mcp__*`, `*`): a denied server's resources are as hidden as its tools. A rule on some of its tools
 * (`mcp__github__get_*`) leaves its resources readable.
 */
export function visibleResourceServers(servers: readonly McpResourceServer[], permissionContext: ToolPermissionContext): McpResourceServer[] {
  const blanket = collectRules(permissionContext).deny.filter((rule) => rule.value.ruleContent === undefined);
  // A tool name with an empty tool part: only rules that cover the whole server match it.
  return servers.filter((server) => !blanket.some((rule) => matchesToolName(rule.value.toolName, { name: `mcp__${normalizeMcpName(server.name)}__` }, { ignoreCase: rule.value.ignoreCase })));
}
