import type { SessionStore } from '../../transcripts/types.ts';

/** Where a resumed attempt forks the job's session, and how many turns were done before that point. */
export interface ResumePoint {
  at: string;
  turn: number;
}

/**
 * A checkpoint names the last message of its turn. Between turns that is the tool results the next turn
 * answers; the checkpoint after the agent's end names the model's last answer, and an attempt that died after
 * it and before recording the job's end (a kill -9, a pause past the lock, a write Redis lost) left a session
 * with nothing to go on with. That last turn is then done again: the fork is made at the message before the
 * answer, one turn fewer done. The answer made no call, so the checkpoint's commit is the checkout for both.
 * Any other point is kept as it is.
 */
export async function resumePoint(options: { store: SessionStore; sessionId: string; messageUuid: string; turn: number }): Promise<ResumePoint> {
  const kept = { at: options.messageUuid, turn: options.turn };
  const { messages } = await options.store.read(options.sessionId);
  const index = messages.findIndex((entry) => entry.uuid === options.messageUuid);
  const answer = messages[index]?.message;
  if (index < 1 || answer?.role !== 'assistant') return kept;
  if (typeof answer.content !== 'string' && answer.content.some((block) => block.type === 'tool_use')) return kept;
  return { at: messages[index - 1]!.uuid, turn: Math.max(options.turn - 1, 0) };
}
