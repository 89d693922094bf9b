import type Anthropic from '@anthropic-ai/sdk';
import type { ToolUseBlock } from '../../tool/types.ts';
import { fromApiUsage } from '../../model/from-api-usage.ts';
import { addUsage } from '../add-usage.ts';
import { pricedModel } from './priced-model.ts';
import { queryCostUsd } from './query-cost-usd.ts';
import type { TurnStage } from './types.ts';

/**
 * Stage 5: the reply's usage (and the query's total, priced by the model that answered, at the endpoint asked
 * (`pricedModel`); a hold on the
 * spending tree is settled with it), the reply in the
 * transcript as it came (thinking blocks and their signatures included: the API checks them when the tool
 * results go back), its text and thinking, its tool calls.
 */
export const recordReply: TurnStage = async function* recordReply(state) {
  const reply = state.turn.reply!;
  const turnUsage = fromApiUsage(reply.usage);
  state.usage = addUsage(state.usage, turnUsage);
  const { turn } = state;
  const pricedAs = pricedModel({ requested: turn.model ?? state.agent.model, answered: reply.model, provider: state.agent.provider });
  const costUsd = turn.reservation ? turn.reservation.settle(pricedAs, turnUsage) : state.agent.spending.record(pricedAs, turnUsage);
  turn.reservation = undefined;
  // The reply's uuid is given when the transcript saves the reply, with this record after it.
  if (state.agent.transcript.keepsRecords) state.agent.transcript.record({ kind: 'request', turn: state.turns, model: pricedAs, usage: turnUsage, costUsd, durationMs: turn.requestDurationMs ?? 0 });
  yield { type: 'usage', usage: turnUsage, total: state.usage, costUsd, totalCostUsd: queryCostUsd(state) };
  state.agent.messages.push({ role: 'assistant', content: reply.content as Anthropic.ContentBlockParam[] });
  const { inputTokens, cacheCreationInputTokens, cacheReadInputTokens, outputTokens } = turnUsage;
  state.agent.contextSize.usage = {
    tokens: inputTokens + cacheCreationInputTokens + cacheReadInputTokens + outputTokens,
    messages: state.agent.messages.length,
    outputTokens,
    cachedTokens: cacheCreationInputTokens + cacheReadInputTokens,
    model: turn.model,
    // Read only by a budget's next estimate, which needs the prompt too.
    at: turn.prompt ? Date.now() : 0,
    prompt: turn.prompt,
  };
  for (const block of reply.content) {
    if (block.type === 'text') yield { type: 'text', text: block.text };
    else if (block.type === 'thinking') yield { type: 'thinking', text: block.thinking, redacted: false };
    else if (block.type === 'redacted_thinking') yield { type: 'thinking', text: '', redacted: true };
  }
  state.turn.toolUses = reply.content.filter((block): block is Anthropic.ToolUseBlock => block.type === 'tool_use') as ToolUseBlock[];
};
