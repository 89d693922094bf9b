import { CodevError } from '../errors/codev-error.ts';
import type { ToolResultContentBlock } from '../tool/types.ts';
import { estimateContentTokens } from './mcp-result-to-content.ts';

/**
 * Throws `TOOL_FAILED` when MCP content is estimated above `maxOutputTokens` (`MAX_MCP_OUTPUT_TOKENS` in
 * Claude Code): the model gets a short error instead of a result too large to read. `subject` names what
 * answered, e.g. `MCP tool "echo"`.
 */
export function assertOutputTokens(blocks: readonly ToolResultContentBlock[], options: { maxOutputTokens: number; subject: string; tool: string; advice: string }): void {
  const tokens = estimateContentTokens(blocks);
  if (tokens <= options.maxOutputTokens) return;
  throw new CodevError('TOOL_FAILED', `${options.subject} response (${tokens} tokens) exceeds maximum allowed tokens (${options.maxOutputTokens}). ${options.advice}`, { tool: options.tool });
}
