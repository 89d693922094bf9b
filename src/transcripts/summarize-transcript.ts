import type Anthropic from '@anthropic-ai/sdk';
import { oneLine } from './message-text.ts';
import type { LoadedTranscript, SessionSummary } from './types.ts';

const PROMPT_LENGTH = 80;

/** The listing line of a transcript: when, how long, how much, and what was asked first and last. */
export function summarizeTranscript(transcript: LoadedTranscript, updatedAt: string): SessionSummary {
  const { metadata, messages } = transcript;
  const prompts = messages.map((entry) => promptText(entry.message)).filter((text): text is string => text !== undefined);
  let turns = 0;
  let inputTokens = 0;
  let outputTokens = 0;
  let cacheReadInputTokens = 0;
  let cacheCreationInputTokens = 0;
  for (const entry of messages) {
    if (entry.message.role !== 'assistant') continue;
    turns++;
    inputTokens += (entry.usage?.inputTokens ?? 0) + (entry.usage?.cacheCreationInputTokens ?? 0) + (entry.usage?.cacheReadInputTokens ?? 0);
    outputTokens += entry.usage?.outputTokens ?? 0;
    cacheReadInputTokens += entry.usage?.cacheReadInputTokens ?? 0;
    cacheCreationInputTokens += entry.usage?.cacheCreationInputTokens ?? 0;
  }
  return {
    id: metadata.id,
    cwd: metadata.cwd,
    model: metadata.model,
    createdAt: metadata.createdAt,
    updatedAt: messages.at(-1)?.timestamp ?? updatedAt,
    firstPrompt: prompts[0],
    lastPrompt: prompts.at(-1),
    messages: messages.length,
    turns,
    inputTokens,
    outputTokens,
    cacheReadInputTokens,
    cacheCreationInputTokens,
    ...(transcript.costUsd !== undefined && { costUsd: transcript.costUsd }),
    ...(transcript.pending && { pending: true }),
    forkedFrom: metadata.forkedFrom,
    parentSessionId: metadata.parentSessionId,
  };
}

/**
 * A prompt's text, on one line, shortened: a user message's first text block (what follows it are hook
 * context and notifications); undefined for tool results and messages without text.
 */
function promptText(message: Anthropic.MessageParam): string | undefined {
  if (message.role !== 'user') return undefined;
  const first = typeof message.content === 'string' ? undefined : message.content[0];
  const text = typeof message.content === 'string' ? message.content : first?.type === 'text' ? first.text : '';
  const line = oneLine(text, PROMPT_LENGTH);
  return line === '' ? undefined : line;
}
