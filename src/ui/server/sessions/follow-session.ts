import path from 'node:path';
import type { UiSessionEvent, UiSessionStatus, UiTimelineItem } from '../../types.ts';
import { applyEntries } from './apply-entries.ts';
import { buildTimeline, sessionStatus, type SessionViewOptions } from './read-session-view.ts';
import { readStoreEntries } from './read-store-entries.ts';
import { rowOf, turnsOf } from './timeline-summary.ts';
import { createTimelineState, recentItems, takeChanged, type TimelineState } from './timeline-state.ts';
import { watchChanges } from './watch-changes.ts';

/** The most items one event carries; more are sent in several. */
const ITEMS_PER_EVENT = 100;
/**
 * What the first event carries: the items of the latest entries (new, or changed: a call whose result came),
 * which a page that read the session just before may have missed, within the server's buffer bound (1 MiB).
 */
const CATCH_UP_ENTRIES = 200;
const CATCH_UP_BYTES = 256 * 1024;
/** The latest turns the first event carries (the page read the others with the session). */
const CATCH_UP_TURNS = 200;
/**
 * The most a follower takes in while following (the new entries as JSON): the view's own bound (256 MiB read).
 * Its timeline holds all it took in, so a session that grows on would grow the server's memory without end.
 */
const MAX_FOLLOW_BYTES = 256 * 1024 * 1024;

/**
 * `GET /api/sessions/:id/events` (and the fleet's `.../session/events`): follows a session as it grows until
 * `signal` aborts. The first event holds the items the latest entries added or changed (so nothing written
 * between the page's read and this stream is lost; the page replaces items by id), then each read of new entries sends the
 * items they added or changed (a call whose result came is sent again), with the turns and the row. When
 * the session's status changes (its agent let go of it), an event with no items carries the new row. When
 * the store's position is no longer valid (the transcript was replaced) it sends `reset` (the page reads the
 * session again) and follows the new transcript from its end.
 * The file store's transcript is watched (`fs.watch`) and read again every `pollMs` in any case. Past
 * `maxFollowBytes` taken in, the follower lets go of its timeline and sends `reset`: the page reads the session
 * again, within the view's bound (which says what it does not show), and the stream follows no more.
 */
export async function followSession(options: SessionViewOptions & { send: (event: UiSessionEvent) => Promise<void> | void; signal: AbortSignal; pollMs?: number; maxFollowBytes?: number }): Promise<void> {
  const { send, signal } = options;
  const maxFollowBytes = options.maxFollowBytes ?? MAX_FOLLOW_BYTES;
  let followedBytes = 0;
  let { state, next, complete } = await buildTimeline(options);
  let status: UiSessionStatus | undefined;
  // Turns only grow (numbered over the session), so an event carries those from the first not sent yet: all of
  // them in every event would grow with the session past the stream's buffer bound. `undefined`: none sent yet.
  let turnsSent: { count: number; fromRecords: boolean } | undefined;
  const turnsToSend = () => {
    const all = turnsOf(state);
    const fromRecords = state.turns.size > 0;
    // The first event: the latest turns; a session whose turns came from its replies until its first request record: all again.
    const from = turnsSent === undefined ? Math.max(0, all.length - CATCH_UP_TURNS) : turnsSent.fromRecords === fromRecords ? Math.min(turnsSent.count, all.length) : 0;
    turnsSent = { count: all.length, fromRecords };
    return all.slice(from);
  };
  // Sent when there are items, or the session's status changed (its agent ended: the row says so).
  const sendItems = async (items: UiTimelineItem[], always: boolean) => {
    const now = await sessionStatus(options);
    // A read that was under way when the stream ended sends nothing.
    if (signal.aborted || (items.length === 0 && !always && now === status)) return;
    status = now;
    const row = rowOf(state, now);
    const turns = turnsToSend();
    // Each event waits until the client took the one before: a burst is never more than the stream's buffer bound.
    for (let start = 0; start === 0 || start < items.length; start += ITEMS_PER_EVENT) await send({ type: 'items', items: items.slice(start, start + ITEMS_PER_EVENT), turns: start === 0 ? turns : [], row });
  };
  await sendItems(recentItems(state, { entries: CATCH_UP_ENTRIES, maxBytes: CATCH_UP_BYTES }), true);
  // A session longer than a view reads is shown to where the view stopped: following it would hold the rest.
  if (!complete) return untilAborted(signal);
  let reading = false;
  let again = false;
  const read = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        if (signal.aborted || !complete) return;
        const update = await readStoreEntries({ ...options, from: next }).catch(() => undefined);
        if (!update || signal.aborted) continue;
        // The store read again from the start (`reset`), or the position went back, or another session took the name.
        if ((update as { reset?: boolean }).reset === true || update.next < next || !sameSession(state, update.metadata)) {
          // Read again first, then said: the page reads the session again on `reset`, and what is written
          // after this read comes as items (some perhaps twice, which the page's replace by id absorbs).
          ({ state, next, complete } = await buildTimeline(options));
          turnsSent = { count: turnsOf(state).length, fromRecords: state.turns.size > 0 };
          if (!signal.aborted) await send({ type: 'reset' });
          continue;
        }
        next = update.next;
        followedBytes += update.entries.reduce((bytes, entry) => bytes + JSON.stringify(entry).length, 0);
        if (followedBytes > maxFollowBytes) {
          complete = false;
          state = createTimelineState(state.metadata);
          if (!signal.aborted) await send({ type: 'reset' });
          return;
        }
        applyEntries(state, update.entries);
        await sendItems(takeChanged(state), false);
      } while (again);
    } finally {
      reading = false;
    }
  };
  const file = options.sessionsDirectory === undefined ? undefined : path.join(options.sessionsDirectory, `${path.basename(options.id)}.jsonl`);
  await new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    watchChanges({ file, pollMs: options.pollMs, signal, onChange: () => void read().catch(() => {}) });
  });
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

function sameSession(state: TimelineState, metadata: TimelineState['metadata']): boolean {
  return metadata.id === state.metadata.id && metadata.createdAt === state.metadata.createdAt;
}
