import type Anthropic from '@anthropic-ai/sdk';

/** A tool result's text: its string, or its blocks' text joined by newlines, other blocks as `<type>`. */
export function toolResultText(block: Anthropic.ToolResultBlockParam): string {
  if (typeof block.content === 'string') return block.content;
  return (block.content ?? []).map((part) => (part.type === 'text' ? part.text : `<${part.type}>`)).join('\n');
}

/** Text on one line (every run of whitespace one space), cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * A prompt's text: a user message's first text block (what follows it are hook context and notifications);
 * undefined for tool results, assistant messages and messages without text.
 */
export function promptText(message: Anthropic.MessageParam): string | undefined {
  if (message.role !== 'user') return undefined;
  const first = typeof message.content === 'string' ? undefined : message.content[0];
  const text = typeof message.content === 'string' ? message.content : first?.type === 'text' ? first.text : '';
  return text.trim() === '' ? undefined : text;
}
