import type Anthropic from '@anthropic-ai/sdk';
import { estimateTextTokens } from '../../model/estimate-text-tokens.ts';

/**
 * An image costs its pixels over 750 in tokens, whatever its bytes: codev sends images of at most 2,000
 * pixels a side, so at most 5,334 tokens (the API scales most models' images down further).
 */
const IMAGE_TOKENS = Math.ceil((2_000 * 2_000) / 750);
/** The role and the framing of one message. */
const MESSAGE_TOKENS = 8;

/** A conservative token count of `messages` from index `from` on (see `estimateTextTokens`; an image as its largest). */
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
    // A tool result's images are images too; its other parts are read as they are sent.
    else if (type === 'tool_result' && Array.isArray(content)) tokens += estimateTextTokens(JSON.stringify({ ...(block as object), content: undefined })) + estimateBlocksTokens(content);
    else tokens += estimateTextTokens(JSON.stringify(block));
  }
  return tokens;
}
