import type Anthropic from '@anthropic-ai/sdk';
import type { ModelProvider } from '../../model/providers/types.ts';
import type { RequestPolicy } from '../../tool/agent-scope.ts';
import type { LimitReached, Spending } from '../../tool/spending.ts';
import { fromApiUsage } from '../../model/from-api-usage.ts';
import { estimateMessageTokens } from '../budget/estimate-message-tokens.ts';
import { estimatePromptTokens } from '../budget/estimate-prompt-tokens.ts';
import { reserveRequest } from '../../model/reserve-request.ts';
import { requestModelTurn } from '../request-model-turn.ts';
import type { AgentEvent, ModelError } from '../types.ts';
import { renderConversation } from './render-conversation.ts';

const SUMMARY_MAX_TOKENS = 4_096;

/** The summarizer's instructions: what a summary must keep for the work to go on from it alone. */
export const COMPACTION_SYSTEM = `You write the summary that replaces the earlier part of a conversation between a user and an AI agent that uses tools, so that the agent can go on with the work from your summary alone.
Keep, precisely: every request the user made (quote short ones verbatim) and the current task; every fact, name, number, code word, path, URL, command and decision stated; what was done, with the results that matter; errors met and how they were solved; what remains to do.
Leave out chit-chat and tool output that no longer matters. Write plain text with short sections. Output only the summary.`;

/**
 * Asks the model for a summary of `messages` (rendered as text, so the request needs no tool definitions and
 * fits the window), with the extra `instructions` of `agent.compact()` and PreCompact hooks. Retries are the
 * agent's own, as `retry` events; the summary's own text is not streamed as the agent's. Under a query
 * limit the request is held on the spending tree first (`reserveRequest`: all it sends, uncached, and its
 * whole `max_tokens`), and one that cannot be held is not sent; its usage is counted in `spending`.
 */
export async function* summarizeConversation(options: {
  client: Anthropic;
  model: string;
  /** Where the model is reached: the request goes under its id for `model`. */
  provider?: ModelProvider;
  messages: readonly Anthropic.MessageParam[];
  instructions: readonly string[];
  contextWindow: number;
  signal: AbortSignal;
  policy: RequestPolicy;
  spending: Spending;
}): AsyncGenerator<AgentEvent, { summary: string } | { error: ModelError } | { aborted: true } | { limitReached: LimitReached }, void> {
  // Half the window for the conversation (about 4 characters a token), the rest for the prompt and the summary.
  const conversation = renderConversation(options.messages, Math.max(4_000, options.contextWindow * 2));
  const extra = options.instructions.length > 0 ? `\n\nAlso follow these instructions for this summary:\n${options.instructions.map((line) => `- ${line}`).join('\n')}` : '';
  const params: Anthropic.MessageCreateParamsNonStreaming = {
    // Nothing a server may lack (no caching, thinking, documents or tools): only the model's id is the provider's.
    model: options.provider?.wireModelId(options.model) ?? options.model,
    max_tokens: SUMMARY_MAX_TOKENS,
    system: COMPACTION_SYSTEM,
    messages: [{ role: 'user', content: `<conversation>\n${conversation}\n</conversation>\n\nWrite the summary of the conversation above.${extra}` }],
  };
  const { spending, signal } = options;
  const input = estimatePromptTokens(undefined, COMPACTION_SYSTEM) + estimateMessageTokens(params.messages);
  const hold = await reserveRequest({ spending, model: options.model, estimate: { inputTokens: input, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: SUMMARY_MAX_TOKENS }, signal });
  if (hold.type === 'aborted') return { aborted: true };
  if (hold.type === 'limit-reached') return { limitReached: hold.event };
  const { reservation } = hold;
  try {
    const turn = requestModelTurn({ client: options.client, params, signal, policy: options.policy });
    for (let step = await turn.next(); ; step = await turn.next()) {
      if (step.done) {
        const outcome = step.value;
        if (outcome.type === 'aborted') return { aborted: true };
        if (outcome.type === 'error') return { error: outcome.error };
        const usage = fromApiUsage(outcome.message.usage);
        reservation.settle(options.model, usage);
        const summary = outcome.message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n').trim();
        return summary === '' ? { error: { code: 'MODEL_REQUEST_FAILED', message: 'The model wrote an empty summary.' } } : { summary };
      }
      if (step.value.type === 'retry') yield step.value;
    }
  } finally {
    reservation.release();
  }
}
