import type { UiSessionRow, UiTimelineItem, UiTurnCost } from '../../types.ts';
import type { TodoItem } from '../../../tool/todo-item.ts';
import type { SessionMetadata, SessionRecord } from '../../../transcripts/types.ts';

/** A tool call's item, as the timeline holds it. */
export type ToolCallItem = Extract<UiTimelineItem, { kind: 'tool-call' }>;

/**
 * A session's timeline as built so far: the items in order, an index by id (so a later entry can change an
 * item, and a live update can name what changed), and what the row and the chart need. Entries are fed in
 * order (`applyEntries`); the same state goes on growing when the transcript does.
 */
export interface TimelineState {
  metadata: SessionMetadata;
  items: UiTimelineItem[];
  indexById: Map<string, number>;
  /** Ids of items added or changed since the last `takeChanged`. */
  changed: Set<string>;
  /** For each item, the entry (its place, `entryCount`) that last added or changed it. */
  changedBy: Map<string, number>;
  /** Entries applied so far (after the first line): numbers the records, so their ids are stable across reads. */
  entryCount: number;
  /** The `tool-call` records by tool_use id: a result written after its record finds its saved path here. */
  toolRecords: Map<string, Extract<SessionRecord, { kind: 'tool-call' }>>;
  /** The calls that wait for approval now. */
  waiting: Set<string>;
  turns: Map<number, UiTurnCost>;
  /** Assistant replies' usage, for sessions without request records. */
  replies: { model: string; inputTokens: number; outputTokens: number; cacheReadInputTokens: number; cacheCreationInputTokens: number }[];
  stats: {
    messages: number;
    turns: number;
    inputTokens: number;
    outputTokens: number;
    firstPrompt?: string;
    lastPrompt?: string;
    lastTimestamp?: string;
    costUsd?: number | null;
  };
  todos?: TodoItem[];
  subagents: string[];
  /** The permission mode as last saved. */
  permissionMode?: string;
}

/** An empty timeline of the session `metadata` names. */
export function createTimelineState(metadata: SessionMetadata): TimelineState {
  return {
    metadata,
    items: [],
    indexById: new Map(),
    changed: new Set(),
    changedBy: new Map(),
    entryCount: 0,
    toolRecords: new Map(),
    waiting: new Set(),
    turns: new Map(),
    replies: [],
    stats: { messages: 0, turns: 0, inputTokens: 0, outputTokens: 0 },
    subagents: [],
    ...(metadata.permissionMode && { permissionMode: metadata.permissionMode }),
  };
}

/** Adds an item, or replaces the one of the same id (a line written twice is shown once). */
export function putItem(state: TimelineState, item: UiTimelineItem): void {
  const index = state.indexById.get(item.id);
  if (index === undefined) {
    state.indexById.set(item.id, state.items.length);
    state.items.push(item);
  } else state.items[index] = item;
  touchItem(state, item.id);
}

/** The tool call of `toolUseId`, when the timeline has it. */
export function toolCallOf(state: TimelineState, toolUseId: string): ToolCallItem | undefined {
  const index = state.indexById.get(toolUseId);
  const item = index === undefined ? undefined : state.items[index];
  return item?.kind === 'tool-call' ? item : undefined;
}

/** Marks an item changed (it was edited in place). */
export function touchItem(state: TimelineState, id: string): void {
  state.changed.add(id);
  state.changedBy.set(id, state.entryCount);
}

/**
 * The items the last `entries` entries added or changed, newest first until their JSON passes `maxBytes`,
 * returned in timeline order: what a page that read the session a moment ago may have missed.
 */
export function recentItems(state: TimelineState, options: { entries: number; maxBytes: number }): UiTimelineItem[] {
  const since = state.entryCount - options.entries;
  const recent: UiTimelineItem[] = [];
  let bytes = 0;
  for (let index = state.items.length - 1; index >= 0; index--) {
    const item = state.items[index]!;
    if ((state.changedBy.get(item.id) ?? -1) < since) continue;
    bytes += JSON.stringify(item).length;
    if (bytes > options.maxBytes && recent.length > 0) break;
    recent.push(item);
  }
  return recent.reverse();
}

/** The items added or changed since the last call, in timeline order; forgets them. */
export function takeChanged(state: TimelineState): UiTimelineItem[] {
  const indexes = [...state.changed].map((id) => state.indexById.get(id)).filter((index): index is number => index !== undefined);
  state.changed.clear();
  return indexes.sort((left, right) => left - right).map((index) => state.items[index]!);
}

/** The row fields a timeline knows (the status comes from elsewhere). */
export type TimelineRowFields = Omit<UiSessionRow, 'status'>;
