import type { CallToolResult, ReadResourceResult } from './connect-mcp-server.ts';
import type { ToolResultContentBlock } from '../tool/types.ts';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/**
 * Turns an MCP `tools/call` result into tool_result content blocks: text as text; images (png, jpeg, gif,
 * webp) as base64 image blocks; an embedded resource as its text (or, for an image blob, an image block;
 * another blob as a one-line note); a resource link and audio as a one-line note. When `content` is empty
 * and the server sent `structuredContent`, that is the text (as JSON).
 */
export function mcpResultToContent(result: CallToolResult): ToolResultContentBlock[] {
  const blocks: ToolResultContentBlock[] = [];
  for (const item of result.content ?? []) {
    switch (item.type) {
      case 'text':
        blocks.push({ type: 'text', text: item.text });
        break;
      case 'image':
        blocks.push(IMAGE_TYPES.has(item.mimeType) ? { type: 'image', source: { type: 'base64', media_type: item.mimeType, data: item.data } } : { type: 'text', text: `[Image of type ${item.mimeType}, not shown]` });
        break;
      case 'audio':
        blocks.push({ type: 'text', text: `[Audio of type ${item.mimeType}, not shown]` });
        break;
      case 'resource_link':
        blocks.push({ type: 'text', text: `[Resource link: ${item.name} ${item.uri}${item.mimeType ? ` (${item.mimeType})` : ''}${item.description ? ` — ${item.description}` : ''}]` });
        break;
      case 'resource':
        blocks.push(resourceContentsToContent(item.resource));
        break;
      default:
        blocks.push({ type: 'text', text: JSON.stringify(item) });
    }
  }
  if (blocks.length === 0 && result.structuredContent !== undefined) blocks.push({ type: 'text', text: JSON.stringify(result.structuredContent, null, 2) });
  return blocks;
}

/**
 * One resource's contents (embedded in a tool result, or read with `resources/read`) as a content block:
 * text as text; a blob as an image block when its mimeType is png, jpeg, gif or webp, else a one-line note
 * with its mimeType and size (never the base64).
 */
export function resourceContentsToContent(resource: ReadResourceResult['contents'][number]): ToolResultContentBlock {
  if ('text' in resource && typeof resource.text === 'string') return { type: 'text', text: resource.text };
  const blob = 'blob' in resource && typeof resource.blob === 'string' ? resource.blob : '';
  if (blob && resource.mimeType && IMAGE_TYPES.has(resource.mimeType)) return { type: 'image', source: { type: 'base64', media_type: resource.mimeType, data: blob } };
  const size = Buffer.byteLength(blob, 'base64');
  return { type: 'text', text: `[Resource ${resource.uri} (${resource.mimeType ?? 'no mimeType'}, ${size} bytes), binary, not shown]` };
}

/** The text of content blocks (images left out), joined by newlines: the message of an `isError` result. */
export function contentText(blocks: readonly ToolResultContentBlock[]): string {
  return blocks.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/**
 * A rough token count of content blocks: 4 characters of text per token, and a flat 1,600 per image
 * (about what a 1,000×1,000 image costs).
 */
export function estimateContentTokens(blocks: readonly ToolResultContentBlock[]): number {
  let tokens = 0;
  for (const block of blocks) tokens += block.type === 'text' ? Math.ceil(block.text.length / 4) : block.type === 'image' ? 1_600 : 0;
  return tokens;
}
