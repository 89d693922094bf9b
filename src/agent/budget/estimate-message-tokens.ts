import type Anthropic from '@anthropic-ai/sdk';
import { estimateTextTokens } from '../../model/estimate-text-tokens.ts';
import { estimateDocumentTokens } from './estimate-document-tokens.ts';
import { IMAGE_TOKENS } from './image-tokens.ts';
/** The role and the framing of one message. */
const MESSAGE_TOKENS = 8;

/** A conservative token count of `messages` from index `from` on (see `estimateTextTokens`; an image as its largest, a PDF by its pages). */
export function estimateMessageTokens(messages: readonly Anthropic.MessageParam[], from = 0): number {
  let tokens = 0;
  for (let index = from; index < messages.length; index++) {
    const { content } = messages[index]!;
    tokens += MESSAGE_TOKENS + (typeof content === 'string' ? estimateTextTokens(content) : estimateBlocksTokens(content));
  }
  return tokens;
}

function estimateBlocksTokens(blocks: readonly unknown[]): number {
  let tokens = 0;
  for (const block of blocks) {
    const { type, content } = block as { type?: string; content?: unknown };
    if (type === 'image') tokens += IMAGE_TOKENS;
    else if (type === 'document') tokens += estimateDocumentTokens(block as object);
    // A tool result's images are images too; its other parts are read as they are sent.
    else if (type === 'tool_result' && Array.isArray(content)) tokens += estimateTextTokens(JSON.stringify({ ...(block as object), content: undefined })) + estimateBlocksTokens(content);
    else tokens += estimateTextTokens(JSON.stringify(block));
  }
  return tokens;
}
