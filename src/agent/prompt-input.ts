import type Anthropic from '@anthropic-ai/sdk';
import { CodevError } from '../errors/codev-error.ts';
import { loadMediaBlock } from '../files/media/load-media-block.ts';
import type { MediaPart } from '../files/media/types.ts';

/**
 * One part of a prompt: text, an image or a document by path or bytes (see `MediaPart`), or a content block
 * already in Messages API shape (sent as it is).
 */
export type PromptPart = { type: 'text'; text: string } | MediaPart | Anthropic.ContentBlockParam;

/**
 * What `agent.query()`, `agent.run()` and `agent.send()` take: a string, or parts in order.
 *
 * @example
 * agent.query([{ type: 'text', text: 'What is wrong on this page?' }, { type: 'image', path: 'shot.png' }]);
 */
export type PromptInput = string | readonly PromptPart[];

/** A prompt as a user message's content: a string stays one; parts become blocks, files read from `cwd`. */
export async function toPromptContent(input: PromptInput, cwd: string): Promise<string | Anthropic.ContentBlockParam[]> {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input) || input.length === 0) throw new CodevError('INPUT_INVALID', 'A prompt is a string or a non-empty array of parts', { field: 'prompt' });
  return Promise.all(input.map((part, index) => toBlock(part, { cwd, index })));
}

async function toBlock(part: PromptPart, options: { cwd: string; index: number }): Promise<Anthropic.ContentBlockParam> {
  if (typeof part !== 'object' || part === null || typeof part.type !== 'string') {
    throw new CodevError('INPUT_INVALID', `Prompt part ${options.index} is not an object with a \`type\``, { field: `prompt[${options.index}]` });
  }
  if (isMediaPart(part)) return loadMediaBlock({ part, cwd: options.cwd });
  return part as Anthropic.ContentBlockParam;
}

/** A codev part names its bytes (`path`, `data`); an API image or document block has a `source`. */
function isMediaPart(part: PromptPart): part is MediaPart {
  return (part.type === 'image' || part.type === 'document' || part.type === 'file') && !('source' in part);
}

/** The text of a prompt (its text blocks, one per line), as hooks and logs read it. */
export function promptText(content: string | readonly Anthropic.ContentBlockParam[]): string {
  if (typeof content === 'string') return content;
  return content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

/** Content as blocks, a string as one text block. */
export function toContentBlocks(content: string | readonly Anthropic.ContentBlockParam[]): Anthropic.ContentBlockParam[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : [...content];
}
