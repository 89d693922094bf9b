import type { AgentEvent } from '../../agent/types.ts';
import type { FleetEvent } from '../types.ts';
import { summarizeEndEvent } from './summarize-end-event.ts';

/** The most events one delivery carries (one script call): a long burst of text deltas goes in several. */
const MAX_BATCH = 500;
/** How many deliveries may be on their way before `send` waits for them. */
const MAX_IN_FLIGHT = 100;

/** Sends a job's events without a round trip each. */
export interface EventSender {
  /** Sends the event (an agent's `end` as its summary); waits only when many are on their way. Rejects with an earlier send's failure. */
  send(event: AgentEvent | FleetEvent): Promise<void>;
  /** Hands the events sent so far to Redis now, without waiting: a command sent after this one lands after them. */
  push(): void;
  /** Waits until every event sent so far is stored. */
  flush(): Promise<void>;
}

/**
 * An agent streams many small events (text deltas): awaiting Redis for each would make the agent wait a
 * round trip per token, and a script call each costs the worker a socket write and Redis a script run per
 * token. The events sent while the worker's event loop is busy go together, as one delivery, once it turns
 * (`setImmediate`: before it waits on anything again, so a live reader sees them as soon as before), or at
 * `push()`/`flush()`. Commands on one Redis connection run in the order they were sent, so the batches stay in
 * order without waiting; the worker pushes before each checkpoint's state write and flushes at the end.
 */
export function createEventSender(deliver: (events: readonly FleetEvent[]) => Promise<void>): EventSender {
  let pending: FleetEvent[] = [];
  let scheduled = false;
  let inFlight: Promise<void>[] = [];
  let failure: unknown;
  const push = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    if (failure === undefined) inFlight.push(deliver(batch).catch((error: unknown) => void (failure ??= error)));
  };
  const flush = async () => {
    push();
    const waiting = inFlight;
    inFlight = [];
    await Promise.all(waiting);
    if (failure !== undefined) throw failure;
  };
  return {
    async send(event) {
      if (failure !== undefined) throw failure;
      pending.push(summarizeEndEvent(event));
      if (pending.length >= MAX_BATCH) push();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(push);
      }
      if (inFlight.length >= MAX_IN_FLIGHT) await flush();
    },
    push,
    flush,
  };
}
