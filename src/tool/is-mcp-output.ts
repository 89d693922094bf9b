const BLOCK_TYPES = new Set(['text', 'image', 'document', 'tool_reference']);

/**
 * Whether a PostToolUse hook's replacement output can stand for an MCP tool's: text, or a list of content
 * blocks (`{ type: 'text', text }`, images, documents, tool references). Anything else is ignored as a
 * replacement that does not match a tool's output schema is: mapped as blocks, it failed the call that ran.
 */
export function isMcpOutput(value: unknown): boolean {
  if (typeof value === 'string') return true;
  if (!Array.isArray(value)) return false;
  return value.every((block: unknown) => {
    if (typeof block !== 'object' || block === null) return false;
    const { type, text } = block as { type?: unknown; text?: unknown };
    return typeof type === 'string' && BLOCK_TYPES.has(type) && (type !== 'text' || typeof text === 'string');
  });
}
