import type Anthropic from '@anthropic-ai/sdk';
import { estimateTextTokens } from '../../model/estimate-text-tokens.ts';

/** The system prompt the API adds to a request with tools (346 tokens for Claude 4 models), with room to spare. */
const TOOL_USE_SYSTEM_TOKENS = 500;

// Tool lists are made once and sent turn after turn: each is measured once.
const toolsTokens = new WeakMap<readonly unknown[], number>();
let lastSystem: { text: string; tokens: number } | undefined;

/** A conservative token count of what a request sends before its messages: its tools' definitions and its system prompt. */
export function estimatePromptTokens(tools: readonly unknown[] | undefined, system: string | readonly Anthropic.TextBlockParam[] | undefined): number {
  return estimateToolsTokens(tools) + estimateSystemTokens(system);
}

function estimateToolsTokens(tools: readonly unknown[] | undefined): number {
  if (!tools || tools.length === 0) return 0;
  let tokens = toolsTokens.get(tools);
  if (tokens === undefined) toolsTokens.set(tools, (tokens = TOOL_USE_SYSTEM_TOKENS + estimateTextTokens(JSON.stringify(tools))));
  return tokens;
}

function estimateSystemTokens(system: string | readonly Anthropic.TextBlockParam[] | undefined): number {
  if (system === undefined) return 0;
  if (typeof system !== 'string') return estimateTextTokens(JSON.stringify(system));
  if (lastSystem?.text !== system) lastSystem = { text: system, tokens: estimateTextTokens(system) };
  return lastSystem.tokens;
}
