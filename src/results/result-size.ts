import type { ToolResultBlockParam } from '../tool/types.ts';

/** The size of a result as the model sees it: the string length, or the sum of its text blocks. */
export function resultSize(block: ToolResultBlockParam): number {
  if (typeof block.content === 'string') return block.content.length;
  return block.content.reduce((total, part) => total + (part.type === 'text' ? part.text.length : 0), 0);
}

/** Images and documents are never persisted: the model needs them inline. */
export function hasMediaBlocks(block: ToolResultBlockParam): boolean {
  return typeof block.content !== 'string' && block.content.some((part) => part.type === 'image' || part.type === 'document');
}
