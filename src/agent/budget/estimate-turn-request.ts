import type { Usage } from '../types.ts';
import type { PromptEstimate } from '../compaction/estimate-tokens.ts';
import type { TurnState } from '../turn/types.ts';
import { estimateMessageTokens } from './estimate-message-tokens.ts';
import { estimatePromptTokens } from './estimate-prompt-tokens.ts';

/** How long the API keeps a cached prefix after its last use (the default, 5-minute cache). */
const CACHE_LIFETIME_MS = 5 * 60_000;

/**
 * The most the turn's next request on `model` can use, split as it will be billed:
 * - input: after a request, the API's count of it (input, cache and its reply's output, all now in the
 *   conversation) plus an estimate of the messages added since and of any growth of the tools and system
 *   prompt; before the first request, after a compaction or a resume, an estimate of everything it sends;
 * - of that, cache reads only for what the API reported as read from or written to the cache last time,
 *   on the same model, tools and system prompt, less than 5 minutes ago; with caching on, the rest is
 *   priced as a cache write (it will be written), else as plain input;
 * - output: `maxTokens`, the most the API lets the reply (thinking included) be.
 * Returns the estimate and what the request sends before its messages, for the next estimate.
 */
export function estimateTurnRequest(state: TurnState, model: string): { usage: Usage; prompt: PromptEstimate } {
  const { messages, contextSize, promptCaching, maxTokens } = state.agent;
  const tools = state.requestTools.tools;
  const prompt: PromptEstimate = { tools, system: state.system, tokens: estimatePromptTokens(tools, state.system) };
  const last = contextSize.usage;
  let input: number;
  let cached = 0;
  if (last?.prompt && last.messages <= messages.length) {
    input = last.tokens + estimateMessageTokens(messages, last.messages) + Math.max(0, prompt.tokens - last.prompt.tokens);
    const samePrefix = last.prompt.tools === tools && last.prompt.system === state.system && last.model === model;
    if (promptCaching && samePrefix && Date.now() - (last.at ?? 0) < CACHE_LIFETIME_MS) cached = Math.min(input, last.cachedTokens ?? 0);
  } else {
    input = prompt.tokens + estimateMessageTokens(messages);
  }
  const usage: Usage = promptCaching
    ? { inputTokens: 0, cacheReadInputTokens: cached, cacheCreationInputTokens: input - cached, outputTokens: maxTokens }
    : { inputTokens: input, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, outputTokens: maxTokens };
  return { usage, prompt };
}
