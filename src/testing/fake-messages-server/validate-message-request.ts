import { mediaBlockProblem } from './validate-media-block.ts';
import { validateThinking } from './validate-thinking.ts';
import { validateToolPairing } from './validate-tool-pairing.ts';

const ROLES = ['user', 'assistant', 'system'];

/**
 * Why a request body is not a valid message request, phrased as the API phrases it (`max_tokens: Field required`),
 * or undefined when it is valid. `count_tokens` requests pass `requireMaxTokens: false`; `thoughtToolUses` are
 * the tool_use ids of replies given with thinking (see `validateThinking`).
 */
export function validateMessageRequest(body: Record<string, unknown>, options: { requireMaxTokens: boolean; thoughtToolUses?: ReadonlySet<string> }): string | undefined {
  if (body.model === undefined) return 'model: Field required';
  if (typeof body.model !== 'string' || body.model === '') return 'model: Input should be a non-empty string';
  if (body.max_tokens === undefined) {
    if (options.requireMaxTokens) return 'max_tokens: Field required';
  } else if (typeof body.max_tokens !== 'number' || !Number.isInteger(body.max_tokens)) {
    return 'max_tokens: Input should be a valid integer';
  } else if (body.max_tokens < 1) {
    return 'max_tokens: Input should be greater than or equal to 1';
  }
  if (body.stream !== undefined && typeof body.stream !== 'boolean') return 'stream: Input should be a valid boolean';
  if (body.messages === undefined) return 'messages: Field required';
  if (!Array.isArray(body.messages)) return 'messages: Input should be a valid list';
  if (body.messages.length === 0) return 'messages: at least one message is required';
  for (const [index, message] of body.messages.entries()) {
    const problem = messageProblem(message);
    if (problem) return `messages.${index}${problem}`;
  }
  return validateToolPairing(body.messages as Array<{ role: string; content: unknown }>) ?? validateThinking(body, options.thoughtToolUses ?? new Set());
}

function messageProblem(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return ': Input should be a valid object';
  const { role, content } = message as Record<string, unknown>;
  if (typeof role !== 'string' || !ROLES.includes(role)) return ".role: Input should be 'user' or 'assistant'";
  if (typeof content === 'string') return undefined;
  if (!Array.isArray(content)) return '.content: Input should be a valid string or a list of content blocks';
  const blockIndex = content.findIndex((block) => typeof block !== 'object' || block === null || typeof block.type !== 'string');
  if (blockIndex !== -1) return `.content.${blockIndex}: Input should be a content block with a string \`type\``;
  for (const [index, block] of content.entries()) {
    const problem = mediaBlockProblem(block);
    if (problem) return `.content.${index}${problem}`;
  }
  return undefined;
}
