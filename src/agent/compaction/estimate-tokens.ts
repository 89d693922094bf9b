import type Anthropic from '@anthropic-ai/sdk';

/** A rough token count of messages: a token per four characters of their JSON (the API's own counts come with each reply). */
export function estimateTokens(messages: readonly Anthropic.MessageParam[]): number {
  let characters = 0;
  for (const message of messages) characters += JSON.stringify(message.content).length + 16;
  return Math.ceil(characters / 4);
}

/** What the last request cost in context: its input and output tokens, and how many messages it covered. */
export interface ContextUsage {
  tokens: number;
  messages: number;
  /** Of `tokens`, the reply's output (the rest was the request's input). */
  outputTokens?: number;
}

/**
 * The size of the conversation now: the last request's tokens as the API counted them, plus an estimate of
 * the messages added since (tool results, prompts); an estimate of all of it when there was no request yet
 * (a resumed session) or the conversation was rewritten since.
 */
export function estimateContextTokens(messages: readonly Anthropic.MessageParam[], usage: ContextUsage | undefined): number {
  if (!usage || usage.messages > messages.length) return estimateTokens(messages);
  return usage.tokens + estimateTokens(messages.slice(usage.messages));
}
