import type Anthropic from '@anthropic-ai/sdk';

/**
 * Where the older part of a conversation ends: before the latest `keep` messages, moved back so the recent
 * part starts with an assistant message. The summary (a user message) then comes right before it, roles
 * still alternate, and every tool call of the older part has its result in the older part. 0 when there is
 * nothing older to summarize.
 */
export function splitForSummary(messages: readonly Anthropic.MessageParam[], keep: number): number {
  let index = Math.max(0, messages.length - keep);
  while (index > 0 && messages[index]?.role !== 'assistant') index--;
  return index;
}
