import type { UiSessionStatus, UiSessionView } from '../../types.ts';
import { applyEntries } from './apply-entries.ts';
import { isSessionHeld } from './held-sessions.ts';
import { readStoreEntries, type SessionSource } from './read-store-entries.ts';
import { rowOf, turnsOf } from './timeline-summary.ts';
import { createTimelineState, type TimelineState } from './timeline-state.ts';
import type { TranscriptEntries } from '../../../transcripts/types.ts';

/** Options of `readSessionView` and `followSession`: where the session is, and how its status is found. */
export interface SessionViewOptions extends SessionSource {
  id: string;
  /**
   * Whether an agent runs the session now. Default: its lock in `sessionsDirectory` (the file store);
   * `idle` without one (give it for another store, e.g. from the fleet's job state).
   */
  statusOf?: (id: string) => Promise<UiSessionStatus>;
}

/** A timeline built from a session's entries, and where the next read goes on. */
export interface BuiltTimeline {
  state: TimelineState;
  next: number;
  problems: TranscriptEntries['problems'];
  /** False when the session goes on past `MAX_VIEW_READS`: the timeline stops there, and is not followed. */
  complete: boolean;
}

/**
 * The most bounded store reads one view takes (each at most 32 MiB of a file, 5,000 lines of Redis): 256 MiB
 * of a file, the most codev reads of a transcript anywhere. A longer session is shown to there, and says so.
 */
export const MAX_VIEW_READS = 8;

/**
 * Reads a session whole and builds its timeline (`SESSION_NOT_FOUND` when there is none). A store's read is
 * bounded: the reads go on from each `next` until one adds nothing, so a long session is shown to its end,
 * not cut at the first read's bound, up to `MAX_VIEW_READS` (past it, a problem says the rest is not shown
 * and `complete` is false). A transcript replaced between two reads (`reset`) is read again from its start.
 */
export async function buildTimeline(options: SessionViewOptions & { maxReads?: number }): Promise<BuiltTimeline> {
  const maxReads = options.maxReads ?? MAX_VIEW_READS;
  let read = await readStoreEntries(options);
  let state = createTimelineState(read.metadata);
  let problems = [...read.problems];
  applyEntries(state, read.entries);
  let reads = 1;
  for (let from = 0; read.next > from; reads++) {
    if (reads >= maxReads) {
      problems.push({ line: 0, kind: 'invalid', message: `the session goes on past what codev ui reads of one session (${maxReads} reads): the rest is not shown` });
      state.changed.clear();
      return { state, next: read.next, problems, complete: false };
    }
    from = read.next;
    read = await readStoreEntries({ ...options, from });
    if (read.reset === true) {
      state = createTimelineState(read.metadata);
      problems = [];
      from = 0;
    }
    applyEntries(state, read.entries);
    problems.push(...read.problems);
  }
  state.changed.clear();
  return { state, next: read.next, problems, complete: true };
}

/** The status of a session, by `statusOf` or its lock. */
export async function sessionStatus(options: SessionViewOptions): Promise<UiSessionStatus> {
  if (options.statusOf) return options.statusOf(options.id);
  if (options.sessionsDirectory !== undefined && (await isSessionHeld({ directory: options.sessionsDirectory, id: options.id }))) return 'running';
  return 'idle';
}

/**
 * `GET /api/sessions/:id` (and the fleet's `/api/fleet/jobs/:id/session`, with its Redis store): a session
 * as people read it. `subagents` are the sessions its calls' records name; for a session with Agent calls
 * that name none (written before codev recorded them), also those `childrenOf` finds (the sessions naming
 * it as their parent: a listing, so only then).
 */
export async function readSessionView(options: SessionViewOptions & { childrenOf?: (id: string) => Promise<string[]> }): Promise<UiSessionView> {
  const [{ state, problems }, status] = await Promise.all([buildTimeline(options), sessionStatus(options)]);
  const unnamed = state.items.some((item) => item.kind === 'tool-call' && item.toolName === 'Agent' && item.subagentSessionId === undefined);
  const children = unnamed && options.childrenOf ? await options.childrenOf(options.id) : [];
  return viewOf(state, { status, problems, children });
}

/** The view of a built timeline. */
export function viewOf(state: TimelineState, options: { status: UiSessionStatus; problems: TranscriptEntries['problems']; children?: string[] }): UiSessionView {
  const subagents = [...state.subagents, ...(options.children ?? []).filter((child) => !state.subagents.includes(child))];
  return {
    id: state.metadata.id,
    row: rowOf(state, options.status),
    cwd: state.metadata.cwd,
    ...(state.permissionMode !== undefined && { permissionMode: state.permissionMode }),
    codevVersion: state.metadata.codevVersion,
    items: state.items,
    turns: turnsOf(state),
    ...(state.todos && { todos: state.todos }),
    problems: options.problems.map((problem) => ({ line: problem.line, kind: problem.kind, message: problem.message })),
    subagents,
  };
}
