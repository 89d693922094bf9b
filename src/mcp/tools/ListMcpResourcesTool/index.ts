import { z } from 'zod';
import { CodevError, errorMessage } from '../../../errors/codev-error.ts';
import { assertOutputTokens } from '../../assert-output-tokens.ts';
import type { McpResourceInfo } from '../../connect-mcp-server.ts';
import { findResourceServer, visibleResourceServers, type McpResourceToolOptions } from '../../find-resource-server.ts';
import { DEFAULT_MAX_MCP_OUTPUT_TOKENS } from '../../mcp-tool-to-tool.ts';
import { buildBuiltinTool } from '../../../tool/build-tool.ts';
import type { Tool } from '../../../tool/types.ts';
import { LIST_MCP_RESOURCES_DESCRIPTION, LIST_MCP_RESOURCES_PROMPT, NO_RESOURCES_FOUND } from './prompt.ts';

export const LIST_MCP_RESOURCES_NAME = 'ListMcpResourcesTool';

const inputSchema = z.strictObject({
  server: z.string().optional().describe('Optional server name to filter resources by'),
});

/** The input of a ListMcpResourcesTool call. */
export type ListMcpResourcesInput = z.output<typeof inputSchema>;

/** One resource, with the server that offers it. */
export interface McpResourceEntry {
  server: string;
  uri: string;
  name: string;
  title?: string;
  mimeType?: string;
  description?: string;
  size?: number;
}

/** What ListMcpResourcesTool returns. */
export interface ListMcpResourcesOutput {
  resources: McpResourceEntry[];
  /** Servers whose `resources/list` failed while the others answered. */
  failed: { server: string; message: string }[];
}

/**
 * ListMcpResourcesTool (alias `ListMcpResources`): the resources of every connected server that offers
 * them, or of the one `server` named (`MCP_RESOURCE_NOT_FOUND` when it does not offer any). Servers are
 * listed in parallel; one that fails is noted in the result unless every one failed (`TOOL_FAILED`).
 * Read-only, concurrency-safe and deferred behind ToolSearch.
 */
export function createListMcpResourcesTool(options: McpResourceToolOptions): Tool<ListMcpResourcesInput, ListMcpResourcesOutput> {
  const maxOutputTokens = options.maxOutputTokens ?? DEFAULT_MAX_MCP_OUTPUT_TOKENS;
  return buildBuiltinTool<typeof inputSchema, ListMcpResourcesOutput>({
    name: LIST_MCP_RESOURCES_NAME,
    aliases: ['ListMcpResources'],
    searchHint: 'list mcp server resources files documents',
    inputSchema,
    description: LIST_MCP_RESOURCES_DESCRIPTION,
    prompt: () => LIST_MCP_RESOURCES_PROMPT,
    shouldDefer: true,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    userFacingName: () => 'List MCP Resources',
    getActivityDescription: (input) => (input.server ? `Listing the resources of ${input.server}` : 'Listing MCP resources'),
    renderToolUseMessage: (input) => input.server ?? '',
    toAutoClassifierInput: (input) => input.server ?? '',
    async call({ server }, context) {
      const all = visibleResourceServers(options.servers(), context.permissionContext);
      const targets = server === undefined ? all.filter((candidate) => candidate.hasResources) : [findResourceServer(all, server, LIST_MCP_RESOURCES_NAME)];
      const settled = await Promise.allSettled(targets.map((target) => target.listResources({ signal: context.signal })));
      if (context.signal.aborted) throw new CodevError('TOOL_ABORTED', 'Listing MCP resources was aborted', { tool: LIST_MCP_RESOURCES_NAME });
      const output: ListMcpResourcesOutput = { resources: [], failed: [] };
      settled.forEach((outcome, index) => {
        const name = targets[index]!.name;
        if (outcome.status === 'fulfilled') output.resources.push(...outcome.value.map((resource) => toEntry(name, resource)));
        else output.failed.push({ server: name, message: errorMessage(outcome.reason) });
      });
      if (targets.length > 0 && output.failed.length === targets.length) {
        throw new CodevError('TOOL_FAILED', output.failed.map((failure) => failureLine(failure)).join('\n'), { tool: LIST_MCP_RESOURCES_NAME });
      }
      assertOutputTokens([{ type: 'text', text: formatList(output) }], { maxOutputTokens, subject: 'ListMcpResourcesTool', tool: LIST_MCP_RESOURCES_NAME, advice: 'Pass a server to list fewer resources.' });
      return { data: output };
    },
    mapToolResultToToolResultBlockParam: (output, toolUseId) => ({ type: 'tool_result', tool_use_id: toolUseId, content: formatList(output) }),
    renderToolResultMessage: (output) => `${output.resources.length} resource${output.resources.length === 1 ? '' : 's'}${output.failed.length > 0 ? ` (${output.failed.length} server${output.failed.length === 1 ? '' : 's'} failed)` : ''}`,
  });
}

function toEntry(server: string, resource: McpResourceInfo): McpResourceEntry {
  const { uri, name, title, mimeType, description, size } = resource;
  return { server, uri, name, title, mimeType, description, size };
}

function failureLine(failure: { server: string; message: string }): string {
  return `MCP server "${failure.server}" could not list its resources: ${failure.message}`;
}

/** The resources as JSON (the names Claude Code uses), then one line per failed server. */
function formatList(output: ListMcpResourcesOutput): string {
  const list = output.resources.length > 0 ? JSON.stringify(output.resources) : output.failed.length > 0 ? '' : NO_RESOURCES_FOUND;
  return [list, ...output.failed.map((failure) => `[${failureLine(failure)}]`)].filter(Boolean).join('\n');
}
