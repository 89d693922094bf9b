import type { AgentEvent } from '../../agent/types.ts';
import type { FleetEvent } from '../types.ts';
import { summarizeEndEvent } from './summarize-end-event.ts';

/** How many events may be on their way before `send` waits for them. */
const MAX_IN_FLIGHT = 1_000;

/** Sends a job's events without a round trip each. */
export interface EventSender {
  /** Sends the event (an agent's `end` as its summary); waits only when many are on their way. Rejects with an earlier send's failure. */
  send(event: AgentEvent | FleetEvent): Promise<void>;
  /** Waits until every event sent so far is stored. */
  flush(): Promise<void>;
}

/**
 * An agent streams many small events (text deltas): awaiting Redis for each would make the agent wait a
 * round trip per token. Commands on one Redis connection run in the order they were sent, so the events
 * stay in order without waiting; the worker flushes at each checkpoint and at the end.
 */
export function createEventSender(deliver: (event: FleetEvent) => Promise<void>): EventSender {
  let inFlight: Promise<void>[] = [];
  let failure: unknown;
  const flush = async () => {
    const waiting = inFlight;
    inFlight = [];
    await Promise.all(waiting);
    if (failure !== undefined) throw failure;
  };
  return {
    async send(event) {
      if (failure !== undefined) throw failure;
      inFlight.push(deliver(summarizeEndEvent(event)).catch((error: unknown) => void (failure ??= error)));
      if (inFlight.length >= MAX_IN_FLIGHT) await flush();
    },
    flush,
  };
}
