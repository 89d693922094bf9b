import type { AgentEvent } from '../../agent/types.ts';
import type { FleetEndEvent, FleetEvent } from '../types.ts';

/**
 * The event as a job's stream keeps it: an agent's `end` without its transcript (the job's session has it:
 * a 5 MB prompt was otherwise stored again in every attempt's `end`), any other event as it is.
 */
export function summarizeEndEvent(event: AgentEvent | FleetEvent): FleetEvent {
  if (event.type !== 'end' || !('messages' in event)) return event;
  const { messages, ...summary } = event;
  return { ...summary, messageCount: messages.length } satisfies FleetEndEvent;
}
