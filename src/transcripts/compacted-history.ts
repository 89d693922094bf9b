import type { CompactedHistory, MessageEntry } from './types.ts';

/** An empty history, for a transcript before its first compaction. */
export function emptyHistory(): CompactedHistory {
  return { messages: 0, turns: 0, inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0, cacheCreationInputTokens: 0 };
}

/**
 * Adds the messages a compaction drops to `history`: those read from the file's own lines (`written`), never the
 * ones an earlier compaction wrote. `isPrompt` tells a prompt from tool results.
 */
export function foldIntoHistory(options: { history: CompactedHistory; dropped: readonly MessageEntry[]; written: (entry: MessageEntry) => boolean; isPrompt: (entry: MessageEntry) => boolean }): void {
  const { history } = options;
  for (const entry of options.dropped) {
    if (!options.written(entry)) continue;
    history.messages++;
    if (options.isPrompt(entry)) {
      history.firstPrompt ??= entry;
      history.lastPrompt = entry;
    }
    if (entry.message.role !== 'assistant') continue;
    const usage = entry.usage;
    history.turns++;
    history.inputTokens += (usage?.inputTokens ?? 0) + (usage?.cacheCreationInputTokens ?? 0) + (usage?.cacheReadInputTokens ?? 0);
    history.outputTokens += usage?.outputTokens ?? 0;
    history.cacheReadInputTokens += usage?.cacheReadInputTokens ?? 0;
    history.cacheCreationInputTokens += usage?.cacheCreationInputTokens ?? 0;
  }
}
