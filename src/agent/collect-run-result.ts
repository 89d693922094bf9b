import type Anthropic from '@anthropic-ai/sdk';
import { CodevError } from '../errors/codev-error.ts';
import type { AgentEvent, EndReason, ModelError, Usage } from './types.ts';

/** What `agent.run()` returns: the query's answer and its accounts, without the event stream. */
export interface AgentRunResult {
  /** The text of the model's last reply (its final answer). */
  text: string;
  usage: Usage;
  /** What the query cost in US dollars (subagents included); null when a model had no price. */
  costUsd: number | null;
  turns: number;
  /** The persisted session, when there is one (resume it with `createAgent({ resume })`). */
  sessionId?: string;
  endReason: EndReason;
  /** The whole conversation after the query. */
  messages: readonly Anthropic.MessageParam[];
}

/**
 * Runs a query's events to their end and gathers the result. A query that ended in an error (the model API
 * failed, the prompt could not be sent) throws it as a `CodevError` with the error's code; every other end
 * (`max_turns`, a budget, a hook's block, `deferred`...) is a result whose `endReason` says so.
 */
export async function collectRunResult(events: AsyncGenerator<AgentEvent, void, void>, onEvent?: (event: AgentEvent) => void): Promise<AgentRunResult> {
  let error: ModelError | undefined;
  for await (const event of events) {
    onEvent?.(event);
    if (event.type === 'error') error = event.error;
    if (event.type !== 'end') continue;
    if (event.reason === 'error') {
      throw new CodevError(error?.code ?? 'MODEL_REQUEST_FAILED', error?.message ?? 'The query ended with an error', { ...(error?.retryAt && { hint: `try again after ${error.retryAt}` }) });
    }
    return {
      text: lastReplyText(event.messages),
      usage: event.usage,
      costUsd: event.costUsd,
      turns: event.turns,
      ...(event.sessionId && { sessionId: event.sessionId }),
      endReason: event.reason,
      messages: event.messages,
    };
  }
  throw new CodevError('MODEL_REQUEST_FAILED', 'The query ended without an end event');
}

function lastReplyText(messages: readonly Anthropic.MessageParam[]): string {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index]!;
    if (message.role !== 'assistant') continue;
    if (typeof message.content === 'string') return message.content;
    return message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
  }
  return '';
}
