import { CodevError } from '../errors/codev-error.ts';
import type { MessageEntry } from './types.ts';

/** A session's messages up to and including the one with uuid `at` (all when omitted); `SESSION_NOT_FOUND` when it has none such. */
export function messagesUpTo(options: { sessionId: string; messages: readonly MessageEntry[]; at?: string }): MessageEntry[] {
  const { messages, at } = options;
  if (at === undefined) return [...messages];
  const end = messages.findIndex((entry) => entry.uuid === at) + 1;
  if (end === 0) throw new CodevError('SESSION_NOT_FOUND', `Session ${options.sessionId} has no message ${at}`, { hint: 'getSessionMessages(id) (or `codev sessions show ID`) lists its messages and their uuids' });
  return messages.slice(0, end);
}
