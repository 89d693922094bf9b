import type Anthropic from '@anthropic-ai/sdk';
import { toolResultText } from '../../transcripts/message-text.ts';

const TEXT_LIMIT = 4_000;
const INPUT_LIMIT = 500;
const RESULT_LIMIT = 1_500;

/**
 * The conversation as plain text for the summarizer: each message by role, its text, tool calls (name and
 * input) and results, each part shortened. Past `maxCharacters` the middle goes (the start holds the task,
 * the end the latest state), with a line saying how much was left out.
 */
export function renderConversation(messages: readonly Anthropic.MessageParam[], maxCharacters: number): string {
  const parts = messages.map((message) => `${message.role === 'user' ? 'USER' : 'ASSISTANT'}:\n${renderContent(message.content)}`);
  const text = parts.join('\n\n');
  if (text.length <= maxCharacters) return text;
  const head = Math.floor(maxCharacters * 0.3);
  const tail = maxCharacters - head;
  return `${text.slice(0, head)}\n\n[… ${(text.length - maxCharacters).toLocaleString('en-US')} characters of the middle of the conversation left out …]\n\n${text.slice(text.length - tail)}`;
}

function renderContent(content: Anthropic.MessageParam['content']): string {
  if (typeof content === 'string') return shorten(content, TEXT_LIMIT);
  return content
    .map((block) => {
      if (block.type === 'text') return shorten(block.text, TEXT_LIMIT);
      if (block.type === 'tool_use') return `[called ${block.name} with ${shorten(JSON.stringify(block.input), INPUT_LIMIT)}]`;
      if (block.type === 'tool_result') return `[result${block.is_error ? ' (error)' : ''}: ${shorten(toolResultText(block), RESULT_LIMIT)}]`;
      return `[${block.type}]`;
    })
    .join('\n');
}

function shorten(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}… [${(text.length - limit).toLocaleString('en-US')} more characters]` : text;
}
