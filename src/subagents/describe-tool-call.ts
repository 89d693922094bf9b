import type { ToolUseContext } from '../execution/types.ts';

/** A short label of a subagent's tool call for its progress (`Read(src/a.ts)`), or undefined when the tool cannot say. */
export function describeToolCall(tool: ToolUseContext['tools'][number] | undefined, input: unknown): string | undefined {
  if (!tool || typeof input !== 'object' || input === null) return undefined;
  try {
    const label = tool.renderToolUseMessage(input as Record<string, unknown>, { verbose: false, color: false });
    return label ? `${tool.userFacingName(input)}(${label.length > 80 ? `${label.slice(0, 77)}...` : label})` : tool.userFacingName(input);
  } catch {
    return undefined;
  }
}
