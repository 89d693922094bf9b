import { CodevError } from '../../errors/codev-error.ts';
import type { CheckpointEntry, MessageEntry } from '../../transcripts/types.ts';

/** The id of a message a compaction wrote: its entry's uuid, a dot, its place (see `parseTranscript`). */
const COMPACTED = /\.\d+$/;

/** Where a rewind forks the conversation: after `at` (none: an empty conversation), and the prompt left out. */
export interface ForkPoint {
  /** The last message kept; undefined when none is (turn 1 of the session answered its first prompt). */
  at?: string;
  /** The prompt the turn answered, left out of the fork, as text. */
  prompt?: string;
}

/**
 * The conversation before turn `checkpoint`'s reply: up to the message the turn answered, or, when that
 * message is a prompt (a user message that answers no tool call), up to the message before it, the prompt
 * left out and returned. `CHECKPOINT_NOT_FOUND` when the turn's messages are no longer in the conversation
 * (a compaction summarized them: only the files can go back there).
 */
export function forkPoint(options: { sessionId: string; messages: readonly MessageEntry[]; checkpoint: CheckpointEntry }): ForkPoint {
  const { messages, checkpoint } = options;
  const index = checkpoint.messageUuid === undefined ? -1 : messages.findIndex((entry) => entry.uuid === checkpoint.messageUuid);
  if (index === -1) throw new CodevError('CHECKPOINT_NOT_FOUND', `The conversation of session ${options.sessionId} no longer holds turn ${checkpoint.turn} (a compaction summarized it)`, { field: 'to', hint: 'rewind the files only (conversation: false, or --files-only)' });
  const prompt = promptText(messages[index]!);
  if (prompt === undefined) return { at: checkpoint.messageUuid };
  return { ...(index > 0 && { at: messages[index - 1]!.uuid }), prompt };
}

/** A user message's text when it is a prompt: it answers no tool call, and no compaction wrote it (its summary). */
export function promptText(entry: MessageEntry): string | undefined {
  const { message } = entry;
  if (message.role !== 'user' || COMPACTED.test(entry.uuid)) return undefined;
  if (typeof message.content === 'string') return message.content;
  if (message.content.some((block) => block.type === 'tool_result')) return undefined;
  return message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}
