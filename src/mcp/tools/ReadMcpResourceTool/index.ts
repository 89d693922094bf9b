import { z } from 'zod';
import { CodevError, errorMessage } from '../../../errors/codev-error.ts';
import { assertOutputTokens } from '../../assert-output-tokens.ts';
import { findResourceServer, visibleResourceServers, type McpResourceToolOptions } from '../../find-resource-server.ts';
import { contentText, resourceContentsToContent } from '../../mcp-result-to-content.ts';
import { DEFAULT_MAX_MCP_OUTPUT_TOKENS } from '../../mcp-tool-to-tool.ts';
import { buildBuiltinTool } from '../../../tool/build-tool.ts';
import type { Tool, ToolResultContentBlock } from '../../../tool/types.ts';
import { READ_MCP_RESOURCE_DESCRIPTION, READ_MCP_RESOURCE_PROMPT } from './prompt.ts';

export const READ_MCP_RESOURCE_NAME = 'ReadMcpResourceTool';
/** JSON-RPC code of "Resource not found" in the MCP specification. */
const RESOURCE_NOT_FOUND = -32002;

const inputSchema = z.strictObject({
  server: z.string().describe('The MCP server name'),
  uri: z.string().describe('The resource URI to read'),
});

/** The input of a ReadMcpResourceTool call. */
export type ReadMcpResourceInput = z.output<typeof inputSchema>;

/** What ReadMcpResourceTool returns. */
export interface ReadMcpResourceOutput {
  server: string;
  uri: string;
  /** Each of the resource's contents as a block: text, an image, or a note on other binary contents. */
  content: ToolResultContentBlock[];
}

/**
 * ReadMcpResourceTool (alias `ReadMcpResource`): reads one resource of a connected server. A server that
 * is not connected or offers no resources, or a resource the server does not know (`-32002`), is
 * `MCP_RESOURCE_NOT_FOUND`; other failures and results over `maxOutputTokens` are `TOOL_FAILED`.
 * Read-only, concurrency-safe and deferred behind ToolSearch.
 */
export function createReadMcpResourceTool(options: McpResourceToolOptions): Tool<ReadMcpResourceInput, ReadMcpResourceOutput> {
  const maxOutputTokens = options.maxOutputTokens ?? DEFAULT_MAX_MCP_OUTPUT_TOKENS;
  return buildBuiltinTool<typeof inputSchema, ReadMcpResourceOutput>({
    name: READ_MCP_RESOURCE_NAME,
    aliases: ['ReadMcpResource'],
    searchHint: 'read mcp server resource by uri',
    inputSchema,
    description: READ_MCP_RESOURCE_DESCRIPTION,
    prompt: () => READ_MCP_RESOURCE_PROMPT,
    shouldDefer: true,
    isReadOnly: () => true,
    isConcurrencySafe: () => true,
    userFacingName: () => 'Read MCP Resource',
    getActivityDescription: (input) => `Reading ${input.uri ?? 'a resource'} from ${input.server ?? 'an MCP server'}`,
    renderToolUseMessage: (input) => [input.server, input.uri].filter(Boolean).join(' '),
    toAutoClassifierInput: (input) => `${input.server} ${input.uri}`,
    async call({ server, uri }, context) {
      const target = findResourceServer(visibleResourceServers(options.servers(), context.permissionContext), server, READ_MCP_RESOURCE_NAME);
      let contents;
      try {
        ({ contents } = await target.readResource(uri, { signal: context.signal }));
      } catch (error) {
        if (CodevError.isInstance(error)) throw error;
        if (context.signal.aborted) throw new CodevError('TOOL_ABORTED', `Reading MCP resource "${uri}" was aborted`, { tool: READ_MCP_RESOURCE_NAME, cause: error });
        const code = (error as { code?: unknown } | null)?.code === RESOURCE_NOT_FOUND ? 'MCP_RESOURCE_NOT_FOUND' : 'TOOL_FAILED';
        throw new CodevError(code, `MCP server "${server}" could not read resource "${uri}": ${errorMessage(error)}`, { tool: READ_MCP_RESOURCE_NAME, cause: error });
      }
      const content = contents.map(resourceContentsToContent);
      assertOutputTokens(content, { maxOutputTokens, subject: `MCP resource "${uri}" of server "${server}"`, tool: READ_MCP_RESOURCE_NAME, advice: 'Read a smaller resource.' });
      return { data: { server, uri, content } };
    },
    mapToolResultToToolResultBlockParam({ server, uri, content }, toolUseId) {
      if (content.length === 0) return { type: 'tool_result', tool_use_id: toolUseId, content: `Resource "${uri}" of MCP server "${server}" has no contents.` };
      const textOnly = content.every((block) => block.type === 'text');
      return { type: 'tool_result', tool_use_id: toolUseId, content: textOnly ? contentText(content) : content };
    },
    renderToolResultMessage: ({ server, uri, content }) => `${uri} from ${server}: ${content.map((block) => (block.type === 'text' ? `${block.text.length} chars` : `[${block.type}]`)).join(', ') || 'empty'}`,
  });
}
