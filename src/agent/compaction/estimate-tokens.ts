import type Anthropic from '@anthropic-ai/sdk';

/**
 * A rough token count of messages from index `from` on: a token per four characters of their JSON (the API's
 * own counts come with each reply). A turn counts only the messages added since the last reply (see
 * `estimateContextTokens`), so each message is measured about once.
 */
export function estimateTokens(messages: readonly Anthropic.MessageParam[], from = 0): number {
  let characters = 0;
  for (let index = from; index < messages.length; index++) characters += JSON.stringify(messages[index]!.content).length + 16;
  return Math.ceil(characters / 4);
}

/** What the last request cost in context: its input and output tokens, and how many messages it covered. */
export interface ContextUsage {
  tokens: number;
  messages: number;
  /** Of `tokens`, the reply's output (the rest was the request's input). */
  outputTokens?: number;
  /** What the request read from the prompt cache or wrote to it, as the API reported: what the next request may read. */
  cachedTokens?: number;
  /** The model the request was made on (a prompt cache is a model's own). */
  model?: string;
  /** When its reply came (ms since the epoch): a cached prefix lives 5 minutes. */
  at?: number;
  /** What the request sent before its messages, and the estimate of it, when a budget was checked. */
  prompt?: PromptEstimate;
}

/** The tools and system prompt of a request, as sent (compared by identity), and their estimated tokens. */
export interface PromptEstimate {
  readonly tools: readonly unknown[];
  readonly system: string | undefined;
  readonly tokens: number;
}

/**
 * The size of the conversation now: the last request's tokens as the API counted them, plus an estimate of
 * the messages added since (tool results, prompts); an estimate of all of it when there was no request yet
 * (a resumed session) or the conversation was rewritten since.
 */
export function estimateContextTokens(messages: readonly Anthropic.MessageParam[], usage: ContextUsage | undefined): number {
  if (!usage || usage.messages > messages.length) return estimateTokens(messages);
  return usage.tokens + estimateTokens(messages, usage.messages);
}
