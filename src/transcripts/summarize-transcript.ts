import { oneLine, promptText } from './message-text.ts';
import type { LoadedTranscript, MessageEntry, SessionSummary } from './types.ts';

const PROMPT_LENGTH = 80;

/**
 * The listing line of a transcript: when, how long, how much, and what was asked first and last, over the whole
 * session: what compactions took out of the loaded conversation counts, the summary they wrote does not.
 */
export function summarizeTranscript(transcript: LoadedTranscript, updatedAt: string): SessionSummary {
  const { metadata, messages } = transcript;
  const history = transcript.compacted?.history;
  const own = messages.slice(transcript.compacted?.leading ?? 0);
  const prompts = own.filter((entry) => promptText(entry.message) !== undefined);
  const first = history?.firstPrompt ?? prompts[0];
  const last = prompts.at(-1) ?? history?.lastPrompt;
  let turns = history?.turns ?? 0;
  let inputTokens = history?.inputTokens ?? 0;
  let outputTokens = history?.outputTokens ?? 0;
  let cacheReadInputTokens = history?.cacheReadInputTokens ?? 0;
  let cacheCreationInputTokens = history?.cacheCreationInputTokens ?? 0;
  for (const entry of own) {
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
    firstPrompt: line(first),
    lastPrompt: line(last),
    messages: (history?.messages ?? 0) + own.length,
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

/** A prompt on one line, shortened. */
function line(entry: MessageEntry | undefined): string | undefined {
  const text = entry && promptText(entry.message);
  return text === undefined ? undefined : oneLine(text, PROMPT_LENGTH);
}
