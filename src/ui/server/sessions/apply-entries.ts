import type Anthropic from '@anthropic-ai/sdk';
import type { CheckpointEntry, CompactEntry, MessageEntry, PendingEntry, RecordEntry, RewindEntry, StateEntry, TranscriptEntry } from '../../../transcripts/types.ts';
import { addAssistantMessage } from './assistant-message-items.ts';
import { addRecord } from './record-items.ts';
import { putItem, toolCallOf, touchItem, type TimelineState } from './timeline-state.ts';
import { addUserMessage } from './user-message-items.ts';

type Handlers = { [Type in TranscriptEntry['type']]: (state: TimelineState, entry: Extract<TranscriptEntry, { type: Type }>) => void };

/** What each kind of entry adds to a timeline, one handler per kind. */
const HANDLERS: Handlers = {
  // A second session line (a damaged copy) adds nothing: the metadata is the first line's.
  session: () => {},
  message: addMessage,
  compact: addCompaction,
  pending: addPending,
  state: addState,
  checkpoint: (state, entry: CheckpointEntry) => putItem(state, { kind: 'checkpoint', id: `checkpoint:${entry.timestamp}:${state.entryCount}`, timestamp: entry.timestamp, turn: entry.turn }),
  rewind: (state, entry: RewindEntry) => putItem(state, { kind: 'rewind', id: `rewind:${entry.timestamp}:${state.entryCount}`, timestamp: entry.timestamp, turn: entry.turn, kept: Array.isArray(entry.kept) ? entry.kept.length : 0 }),
  record: (state, entry: RecordEntry) => addRecord(state, entry),
};

/**
 * Feeds transcript entries, in order, to a timeline: the session view is every entry applied to an empty
 * one, and a live update the new entries applied to the same state (`takeChanged` then names what they
 * added or changed). An entry of a kind this codev does not know is skipped.
 */
export function applyEntries(state: TimelineState, entries: readonly TranscriptEntry[]): void {
  for (const entry of entries) {
    const handler = HANDLERS[entry?.type] as ((state: TimelineState, entry: TranscriptEntry) => void) | undefined;
    if (handler) handler(state, entry);
    state.entryCount++;
  }
}

function addMessage(state: TimelineState, entry: MessageEntry): void {
  if (typeof entry.message?.content !== 'string' && !Array.isArray(entry.message?.content)) return;
  settleWaiting(state);
  state.stats.messages++;
  state.stats.lastTimestamp = entry.timestamp;
  if (entry.message.role === 'assistant') {
    state.stats.turns++;
    const usage = entry.usage;
    state.stats.inputTokens += (usage?.inputTokens ?? 0) + (usage?.cacheCreationInputTokens ?? 0) + (usage?.cacheReadInputTokens ?? 0);
    state.stats.outputTokens += usage?.outputTokens ?? 0;
    state.replies.push({ model: state.metadata.model, inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0, cacheReadInputTokens: usage?.cacheReadInputTokens ?? 0, cacheCreationInputTokens: usage?.cacheCreationInputTokens ?? 0 });
    addAssistantMessage(state, entry);
  } else addUserMessage(state, entry);
}

/** A compaction is a boundary in the timeline; what came before stays (its messages are the summary of it). */
function addCompaction(state: TimelineState, entry: CompactEntry): void {
  settleWaiting(state);
  state.stats.lastTimestamp = entry.timestamp;
  putItem(state, { kind: 'compaction', id: `compact:${entry.uuid}`, timestamp: entry.timestamp, trigger: entry.trigger, tokensBefore: entry.tokensBefore, tokensAfter: entry.tokensAfter });
}

/** The query ended with calls waiting: they are marked, and the results of the calls that ran join theirs. */
function addPending(state: TimelineState, entry: PendingEntry): void {
  settleWaiting(state);
  for (const use of entry.toolUses ?? []) {
    const call = toolCallOf(state, use.id);
    if (!call) continue;
    call.waiting = true;
    state.waiting.add(use.id);
    touchItem(state, call.id);
  }
  if (Array.isArray(entry.results) && entry.results.length > 0) addUserMessage(state, { type: 'message', uuid: `pending:${entry.uuid}`, timestamp: entry.timestamp, message: { role: 'user', content: entry.results as unknown as Anthropic.ContentBlockParam[] } });
}

function addState(state: TimelineState, entry: StateEntry): void {
  if (Array.isArray(entry.todos)) state.todos = entry.todos;
  if (entry.mode) state.permissionMode = entry.mode;
}

/** A later message or compaction means the waiting calls were answered (or dropped): none waits any more. */
function settleWaiting(state: TimelineState): void {
  for (const id of state.waiting) {
    const call = toolCallOf(state, id);
    if (call) {
      delete call.waiting;
      touchItem(state, id);
    }
  }
  state.waiting.clear();
}
