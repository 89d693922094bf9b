import { CodevError } from '../errors/codev-error.ts';
import { emptyHistory, foldIntoHistory } from './compacted-history.ts';
import { promptText } from './message-text.ts';
import { isCheckpointEntry, isRewindEntry } from './checkpoint-entries.ts';
import { isRecordEntry } from './record-entries.ts';
import { TRANSCRIPT_FORMAT, type CheckpointEntry, type CompactEntry, type LoadedTranscript, type PendingEntry, type RewindEntry, type StateEntry, type MessageEntry, type SessionMetadata, type SessionEntry, type TranscriptEntry, type TranscriptProblem } from './types.ts';

/**
 * Reads a transcript's text (JSON Lines). A line that is not a whole entry is skipped and reported with its
 * number: the last one as `torn` when it has no newline (a crash while it was written), any other as
 * `invalid` (edited by hand, or an entry this codev does not know). Only a first line that is not the
 * session's metadata, or a format newer than this codev reads, makes the whole transcript unreadable.
 */
export function parseTranscript(text: string, options: { file: string }): LoadedTranscript {
  const lines = text.split('\n');
  const complete = text.endsWith('\n');
  if (complete) lines.pop();
  const problems: TranscriptProblem[] = [];
  const messages: MessageEntry[] = [];
  let metadata: SessionMetadata | undefined;
  let compactions = 0;
  let pending: LoadedTranscript['pending'];
  let state: LoadedTranscript['state'];
  // Kept across compactions: a checkpoint is of the files, which a compaction does not touch.
  const checkpoints: CheckpointEntry[] = [];
  const rewinds: RewindEntry[] = [];
  let costUsd: number | null | undefined;
  const history = emptyHistory();
  /** Messages the last compaction wrote, at the start of `messages`: counted when first written, not again. */
  let leading = 0;
  let lastCompact: Omit<CompactEntry, 'messages'> | undefined;
  lines.forEach((line, index) => {
    const number = index + 1;
    const torn = !complete && index === lines.length - 1;
    if (line.trim() === '') return;
    let entry: unknown;
    try {
      entry = JSON.parse(line);
    } catch (error) {
      problems.push({ line: number, kind: torn ? 'torn' : 'invalid', message: torn ? 'the last line was cut short (codev stopped while writing it)' : `not a whole JSON line: cut short when codev stopped while writing it, or edited by hand (${(error as Error).message})` });
      return;
    }
    if (metadata === undefined) {
      metadata = sessionMetadataOf(entry, options.file);
      return;
    }
    if (isMessageEntry(entry)) {
      messages.push(entry);
      pending = undefined;
    } else if (isPendingEntry(entry)) pending = { toolUses: entry.toolUses, results: entry.results };
    else if (isStateEntry(entry)) state = { ...(entry.mode && { mode: entry.mode }), sessionRules: entry.sessionRules, loadedDeferredTools: entry.loadedDeferredTools, ...(todosOf(entry) && { todos: todosOf(entry) }) };
    else if (isCompactEntry(entry)) {
      pending = undefined;
      compactions++;
      const writtenSince = new Set(messages.slice(leading));
      foldIntoHistory({ history, dropped: messages, written: (dropped) => writtenSince.has(dropped), isPrompt: (dropped) => promptText(dropped.message) !== undefined });
      messages.length = 0;
      leading = entry.messages.length;
      const { messages: _written, ...described } = entry;
      lastCompact = described;
      // The messages a compaction wrote get ids from its own, so `at` can name them.
      entry.messages.forEach((message, position) => messages.push({ type: 'message', uuid: `${entry.uuid}.${position}`, timestamp: entry.timestamp, message }));
    } else if (isCheckpointEntry(entry)) checkpoints.push(entry);
    else if (isRewindEntry(entry)) rewinds.push(entry);
    // Records are for people reading the session, never for the model: a loaded conversation has none.
    else if (isRecordEntry(entry)) {
      if (entry.record.kind === 'request') costUsd = costUsd === null || entry.record.costUsd === null || typeof entry.record.costUsd !== 'number' ? null : (costUsd ?? 0) + entry.record.costUsd;
    }
    else problems.push({ line: number, kind: torn ? 'torn' : 'invalid', message: 'not a transcript entry this codev knows' });
  });
  if (metadata === undefined) throw new CodevError('SESSION_UNSUPPORTED', `${options.file} holds no session (an empty or foreign file)`, { file: options.file, hint: 'delete it, or move it out of .codev/sessions/' });
  return { metadata, messages, problems, ...(compactions > 0 && { compactions }), ...(pending && { pending }), ...(state && { state }), ...(checkpoints.length > 0 && { checkpoints }), ...(rewinds.length > 0 && { rewinds }), ...(costUsd !== undefined && { costUsd }), ...(lastCompact && { compacted: { leading, history, entry: lastCompact } }) };
}

/** The metadata of a transcript's first line; `SESSION_UNSUPPORTED` when it is not a session line this codev reads. */
export function sessionMetadataOf(entry: unknown, file: string): SessionMetadata {
  const record = entry as { type?: unknown; format?: unknown; metadata?: { id?: unknown } };
  if (record?.type !== 'session' || typeof record.format !== 'number' || typeof record.metadata?.id !== 'string') {
    throw new CodevError('SESSION_UNSUPPORTED', `${file} does not start with a session line`, { file, line: 1, hint: 'the file is not a codev transcript, or its first line was edited: delete or restore it' });
  }
  if (record.format > TRANSCRIPT_FORMAT) {
    throw new CodevError('SESSION_UNSUPPORTED', `${file} was written by a newer codev (transcript format ${record.format}; this codev reads up to ${TRANSCRIPT_FORMAT})`, { file, line: 1, hint: 'upgrade codev to resume this session' });
  }
  return record.metadata as SessionMetadata;
}

/** An entry after the first line that this codev reads (a record of any kind included: see `isKnownRecord`). */
export function isTranscriptEntry(entry: unknown): entry is Exclude<TranscriptEntry, SessionEntry> {
  return isMessageEntry(entry) || isRecordEntry(entry) || isStateEntry(entry) || isCheckpointEntry(entry) || isPendingEntry(entry) || isCompactEntry(entry) || isRewindEntry(entry);
}

function isStateEntry(entry: unknown): entry is StateEntry {
  const record = entry as Partial<StateEntry> | null;
  const rules = record?.sessionRules;
  const strings = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');
  return record?.type === 'state' && strings(record.loadedDeferredTools) && rules !== undefined && strings(rules.allow) && strings(rules.deny) && strings(rules.ask);
}

const TODO_STATUSES: readonly unknown[] = ['pending', 'in_progress', 'completed'];

/** The entry's task list when it is one (a list edited into something else is dropped, not misread). */
function todosOf(entry: StateEntry): StateEntry['todos'] {
  const todos: unknown = entry.todos;
  if (!Array.isArray(todos) || todos.length === 0) return undefined;
  const valid = todos.every((todo) => typeof todo?.content === 'string' && TODO_STATUSES.includes(todo.status) && (todo.activeForm === undefined || typeof todo.activeForm === 'string'));
  return valid ? (todos as StateEntry['todos']) : undefined;
}

function isPendingEntry(entry: unknown): entry is PendingEntry {
  const record = entry as Partial<PendingEntry> | null;
  return record?.type === 'pending' && Array.isArray(record.toolUses) && record.toolUses.every((use) => typeof use?.id === 'string' && typeof use.name === 'string') && Array.isArray(record.results);
}

function isCompactEntry(entry: unknown): entry is CompactEntry {
  const record = entry as Partial<CompactEntry> | null;
  return record?.type === 'compact' && typeof record.uuid === 'string' && Array.isArray(record.messages) && record.messages.every((message) => isMessage(message));
}

function isMessageEntry(entry: unknown): entry is MessageEntry {
  const record = entry as Partial<MessageEntry> | null;
  if (record?.type !== 'message' || typeof record.uuid !== 'string') return false;
  return isMessage(record.message);
}

function isMessage(value: unknown): boolean {
  const message = value as { role?: unknown; content?: unknown } | undefined;
  return (message?.role === 'user' || message?.role === 'assistant') && (typeof message.content === 'string' || Array.isArray(message.content));
}
