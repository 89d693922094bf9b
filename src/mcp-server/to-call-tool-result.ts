import type { CallToolResult } from '@modelcontextprotocol/sdk/types';
import type { CodevErrorCode } from '../errors/codes.ts';
import type { ToolResultUpdate } from '../execution/types.ts';
import type { ToolResultContentBlock } from '../tool/types.ts';
import type { McpResultMeta } from './types.ts';

/** The `_meta` key codev's result details go under. */
export const RESULT_META_KEY = 'codev/result';

/**
 * A call's result as MCP sends it: text and image parts (other parts named in text), `isError`, and what
 * codev knows besides the text under `_meta["codev/result"]` (see `McpResultMeta`).
 */
export function toCallToolResult(result: ToolResultUpdate): CallToolResult {
  const { content } = result.block;
  const parts = typeof content === 'string' ? [{ type: 'text' as const, text: content }] : content.map(toContentPart);
  const errorCode = result.errorCode ?? STATUS_CODES[result.status];
  const meta: McpResultMeta = {
    ...(errorCode ? { errorCode } : {}),
    ...(result.decision
      ? { decision: { behavior: result.decision.behavior, source: result.decision.source, ...(result.decision.rule ? { rule: result.decision.rule } : {}) } }
      : {}),
    ...(result.persistedPath ? { persistedPath: result.persistedPath } : {}),
    durationMs: Math.round(result.durationMs),
  };
  return { content: parts, isError: result.isError, _meta: { [RESULT_META_KEY]: meta } };
}

/** A failure that is not a thrown error has no code of its own: the status names one. */
const STATUS_CODES: Partial<Record<ToolResultUpdate['status'], CodevErrorCode>> = {
  denied: 'PERMISSION_DENIED',
  cancelled: 'TOOL_ABORTED',
  'not-found': 'TOOL_NOT_FOUND',
  'invalid-input': 'INPUT_INVALID',
};

/** A result that is only an error code and a text (a tool the session does not serve, a full queue). */
export function errorCallToolResult(options: { errorCode: CodevErrorCode; text: string }): CallToolResult {
  const meta: McpResultMeta = { errorCode: options.errorCode, durationMs: 0 };
  return { content: [{ type: 'text', text: options.text }], isError: true, _meta: { [RESULT_META_KEY]: meta } };
}

function toContentPart(block: ToolResultContentBlock): CallToolResult['content'][number] {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'image') {
    const { source } = block;
    return source.type === 'base64' ? { type: 'image', data: source.data, mimeType: source.media_type } : { type: 'text', text: `[image: ${source.url}]` };
  }
  if (block.type === 'tool_reference') return { type: 'text', text: `[tool: ${block.tool_name}]` };
  return { type: 'text', text: `[${block.type}${block.title ? `: ${block.title}` : ''}]` };
}
