import { withoutKey, type BlockShape, type RequestBody } from './request-shapes.ts';

const THINKING_BLOCKS = new Set(['thinking', 'redacted_thinking']);

/** Said in place of an assistant message that held nothing but thinking (a message may not be empty). */
export const THINKING_LEFT_OUT = '(The thinking of this turn was left out: the model server does not take thinking blocks.)';

/**
 * The request without thinking: no `thinking` parameter, no `output_config.effort`, and no thinking blocks in
 * the assistant messages sent back (a server without thinking refuses their block type). The transcript
 * keeps them, signed, for a server that has thinking. `changed` is false when there was nothing to remove.
 */
export function withoutThinking(body: RequestBody): { body: RequestBody; changed: boolean } {
  let changed = 'thinking' in body;
  let next = withoutKey(body, 'thinking');
  const config = next.output_config as Record<string, unknown> | undefined;
  if (config && typeof config === 'object' && 'effort' in config) {
    changed = true;
    const rest = withoutKey(config, 'effort');
    next = Object.keys(rest).length > 0 ? { ...next, output_config: rest } : withoutKey(next, 'output_config');
  }
  const messages = next.messages.map((message) => {
    if (message.role !== 'assistant' || typeof message.content === 'string' || !message.content.some((block) => THINKING_BLOCKS.has(block.type))) return message;
    changed = true;
    const kept: BlockShape[] = message.content.filter((block) => !THINKING_BLOCKS.has(block.type));
    return { ...message, content: kept.length > 0 ? kept : [{ type: 'text', text: THINKING_LEFT_OUT }] };
  });
  return changed ? { body: { ...next, messages }, changed } : { body, changed };
}
