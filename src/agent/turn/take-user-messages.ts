import type Anthropic from '@anthropic-ai/sdk';
import type { TurnAgent } from './types.ts';

/**
 * The messages waiting for the model, taken in the order they came: with `messagesForAgent`, those sent to
 * a running subagent (SendMessage) first, then those `agent.send()` queued. Each is one message's blocks.
 */
export function takeUserMessages(agent: TurnAgent, options: { messagesForAgent: boolean }): Anthropic.ContentBlockParam[][] {
  const forAgent = options.messagesForAgent ? (agent.takeQueuedMessages?.() ?? []).map((text) => [{ type: 'text' as const, text }]) : [];
  return [...forAgent, ...(agent.takeSentMessages?.() ?? [])];
}
