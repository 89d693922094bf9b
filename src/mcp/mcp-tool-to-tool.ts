import { z } from 'zod';
import { CodevError, errorMessage } from '../errors/codev-error.ts';
import type { MCPProgress } from '../progress/types.ts';
import { buildTool } from '../tool/build-tool.ts';
import type { JSONSchemaObject, Tool, ToolResultBlockParam, ToolResultContentBlock } from '../tool/types.ts';
import type { McpServerConnection, McpToolInfo } from './connect-mcp-server.ts';
import { assertOutputTokens } from './assert-output-tokens.ts';
import { contentText, mcpResultToContent } from './mcp-result-to-content.ts';
import { rememberMcpToolAnnotations } from './mcp-tool-annotations.ts';

/** Default cap on one MCP result (`MAX_MCP_OUTPUT_TOKENS` in Claude Code); larger results become an error. */
export const DEFAULT_MAX_MCP_OUTPUT_TOKENS = 25_000;
/** The most a server may raise a tool's persist threshold to with `_meta["anthropic/maxResultSizeChars"]`. */
export const MAX_MCP_RESULT_SIZE_CHARS = 500_000;
/** MCP tool descriptions longer than this are cut. */
export const MAX_MCP_DESCRIPTION_CHARS = 2_048;

/** Replaces every character outside `[a-zA-Z0-9_-]` with `_`. */
export function normalizeMcpName(name: string): string {
  return name.replace(/[^a-zA-Z0-9_-]/g, '_');
}

/** `mcp__<server>__<tool>`, both parts normalized. */
export function mcpToolName(server: string, tool: string): string {
  return `mcp__${normalizeMcpName(server)}__${normalizeMcpName(tool)}`;
}

export interface McpToolToToolOptions {
  /** The server's name as configured (the key in `mcpServers`). */
  server: string;
  tool: McpToolInfo;
  connection: Pick<McpServerConnection, 'callTool'>;
  /** Results estimated above this many tokens become an error. Default 25,000. */
  maxOutputTokens?: number;
  /** Per-call timeout, restarted by progress. Default the connection's. */
  timeoutMs?: number;
}

type McpInput = Record<string, unknown>;

/**
 * Wraps one MCP tool as a codev Tool named `mcp__<server>__<tool>`: the server's input schema is sent
 * as-is (the server validates), `readOnlyHint` makes it read-only and concurrency-safe, `destructiveHint`
 * destructive, and `_meta["anthropic/maxResultSizeChars"]` (at most 500,000) its persist threshold.
 * A call asks in the default mode unless a rule allows it (`passthrough`). It reports `mcp_progress` (started, each `notifications/progress`, completed or failed), aborts with
 * the context's signal, and throws (so the lifecycle makes an error result) on `isError` or an oversized result.
 */
export function mcpToolToTool(options: McpToolToToolOptions): Tool<McpInput, ToolResultContentBlock[], MCPProgress> {
  const { server, tool, connection } = options;
  const name = mcpToolName(server, tool.name);
  const annotations = tool.annotations ?? {};
  const readOnly = annotations.readOnlyHint ?? false;
  const destructive = annotations.destructiveHint ?? false;
  const maxOutputTokens = options.maxOutputTokens ?? DEFAULT_MAX_MCP_OUTPUT_TOKENS;
  const description = truncate(tool.description?.trim() || annotations.title || tool.title || `MCP tool ${tool.name} of server ${server}`, MAX_MCP_DESCRIPTION_CHARS);
  const built = buildTool<z.ZodType<McpInput>, ToolResultContentBlock[], MCPProgress>({
    name,
    description,
    inputSchema: z.looseObject({}) as z.ZodType<McpInput>,
    inputJSONSchema: { ...tool.inputSchema, type: 'object' } as JSONSchemaObject,
    isMcp: true,
    source: { type: 'mcp', server, tool: tool.name },
    isReadOnly: () => readOnly,
    isConcurrencySafe: () => readOnly,
    isDestructive: () => destructive,
    maxResultSizeChars: resultSizeOf(tool),
    // No opinion: the mode and the rules decide, so in the default mode a call asks unless a rule allows it.
    checkPermissions: () => ({ behavior: 'passthrough', message: `codev requested permission to use ${server} - ${tool.name} (MCP)` }),
    userFacingName: () => `${server} - ${annotations.title ?? tool.title ?? tool.name} (MCP)`,
    async call(input, context) {
      const base = { type: 'mcp_progress' as const, serverName: server, toolName: tool.name };
      context.onProgress({ ...base, status: 'started' });
      let blocks: ToolResultContentBlock[];
      try {
        const result = await connection.callTool(tool.name, input, {
          signal: context.signal,
          timeoutMs: options.timeoutMs,
          onProgress: (progress) => context.onProgress({ ...base, status: 'progress', progress: progress.progress, total: progress.total, progressMessage: progress.message }),
        });
        blocks = mcpResultToContent(result);
        if (result.isError) throw new CodevError('TOOL_FAILED', contentText(blocks) || `MCP tool "${tool.name}" of server "${server}" failed`, { tool: name });
        assertOutputTokens(blocks, { maxOutputTokens, subject: `MCP tool "${tool.name}"`, tool: name, advice: 'Please use pagination, filtering, or limit parameters to reduce the response size.' });
      } catch (error) {
        context.onProgress({ ...base, status: 'failed' });
        if (CodevError.isInstance(error)) throw error;
        if (context.signal.aborted) throw new CodevError('TOOL_ABORTED', `MCP tool "${tool.name}" was aborted`, { tool: name, cause: error });
        throw new CodevError('TOOL_FAILED', `MCP tool "${tool.name}" of server "${server}" failed: ${errorMessage(error)}`, { tool: name, cause: error });
      }
      context.onProgress({ ...base, status: 'completed' });
      return { data: blocks };
    },
    mapToolResultToToolResultBlockParam(blocks, toolUseId): ToolResultBlockParam {
      // A PostToolUse hook may replace the blocks with text (see `isMcpOutput`).
      if (typeof blocks === 'string') return { type: 'tool_result', tool_use_id: toolUseId, content: blocks };
      const hasImage = blocks.some((block) => block.type !== 'text');
      return { type: 'tool_result', tool_use_id: toolUseId, content: hasImage ? blocks : contentText(blocks) };
    },
    renderToolResultMessage: (blocks) => blocks.map((block) => (block.type === 'text' ? block.text : `[${block.type}]`)).join('\n'),
  });
  rememberMcpToolAnnotations(built, tool.annotations);
  return built;
}

function resultSizeOf(tool: McpToolInfo): number | undefined {
  const value = tool._meta?.['anthropic/maxResultSizeChars'];
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  return Math.min(Math.floor(value), MAX_MCP_RESULT_SIZE_CHARS);
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
