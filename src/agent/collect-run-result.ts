import type Anthropic from '@anthropic-ai/sdk';
import { CodevError } from '../errors/codev-error.ts';
import type { AgentEvent, EndReason, ModelError, Usage } from './types.ts';

/** What `agent.run()` returns: the query's answer and its accounts, without the event stream. */
export interface AgentRunResult<Output = unknown> {
  /** The text of the model's last reply (its final answer). */
  text: string;
  /** With `outputSchema`: the final answer, validated and parsed (typed from the schema); undefined when none was given. */
  output: Output | undefined;
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
 * failed, the prompt could not be sent, the answer never matched `outputSchema`) throws it as a `CodevError` with the error's code; every other end
 * (`max_turns`, a budget, a hook's block, `deferred`...) is a result whose `endReason` says so.
 */
export async function collectRunResult<Output>(events: AsyncGenerator<AgentEvent<Output>, void, void>, onEvent?: (event: AgentEvent<Output>) => void): Promise<AgentRunResult<Output>> {
  let error: ModelError | undefined;
  for await (const event of events) {
    onEvent?.(event);
    if (event.type === 'error') error = event.error;
    if (event.type !== 'end') continue;
    if (event.reason === 'error' || event.reason === 'output-invalid') {
      throw new CodevError(error?.code ?? 'MODEL_REQUEST_FAILED', error?.message ?? 'The query ended with an error', { ...(error?.retryAt && { hint: `try again after ${error.retryAt}` }) });
    }
    return {
      text: lastReplyText(event.messages),
      output: event.output,
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
