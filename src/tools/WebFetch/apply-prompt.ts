import { CodevError } from '../../errors/codev-error.ts';
import { estimateTextTokens } from '../../model/estimate-text-tokens.ts';
import { fromApiUsage } from '../../model/from-api-usage.ts';
import { reserveRequest } from '../../model/reserve-request.ts';
import type { Spending } from '../../tool/spending.ts';
import { makeSecondaryModelPrompt } from './prompt.ts';
import type { WebFetchModelClient } from './types.ts';

const MAX_TOKENS = 2048;

/**
 * Sends the page and the prompt to the small model and returns its text answer. In an agent (`spending`),
 * the request counts toward the agent's spending, and under a query limit it is held on the spending tree
 * first (the prompt, estimated, and its whole `max_tokens`): one the limit has no room for is not sent
 * (`LIMIT_REACHED`, naming the limit).
 */
export async function applyPrompt(options: {
  client: WebFetchModelClient;
  model: string;
  markdown: string;
  prompt: string;
  url: string;
  signal: AbortSignal;
  spending?: Spending;
}): Promise<string> {
  const { spending, model, signal } = options;
  const content = makeSecondaryModelPrompt(options);
  const hold = spending ? await reserveRequest({ spending, model, estimate: { inputTokens: estimateTextTokens(content) + 8, cacheCreationInputTokens: 0, cacheReadInputTokens: 0, outputTokens: MAX_TOKENS }, signal }) : undefined;
  if (hold?.type === 'aborted') throw new CodevError('TOOL_ABORTED', 'The call was aborted');
  if (hold?.type === 'limit-reached') throw new CodevError('LIMIT_REACHED', hold.event.message, { field: hold.event.limit });
  const reservation = hold?.reservation;
  try {
    const message = await options.client.messages.create({ model, max_tokens: MAX_TOKENS, messages: [{ role: 'user', content }] }, { signal });
    const usage = fromApiUsage(message.usage);
    reservation?.settle(model, usage);
    const text = message.content
      .filter((block): block is Extract<typeof block, { type: 'text' }> => block.type === 'text')
      .map((block) => block.text)
      .join('\n')
      .trim();
    return text || 'The model returned no answer.';
  } finally {
    reservation?.release();
  }
}
