import type { AgentEvent } from '../../agent/types.ts';
import type { RewindEvent } from './rewind-event.ts';

/**
 * Renders agent events for a program (`--output-format stream-json`): one JSON object per line. Thinking
 * (`thinking-delta`, `thinking`) is left out unless `includeThinking`: it is the model's scratch work, long,
 * and not what a program reading the stream usually wants. A `rewind` event (`codev run --rewind-to`) comes
 * before the query's events.
 */
export function createJsonRenderer(options: { write: (text: string) => void; includeThinking: boolean }): (event: AgentEvent | RewindEvent) => void {
  const { write, includeThinking } = options;
  return function renderJson(event: AgentEvent | RewindEvent): void {
    if (!includeThinking && (event.type === 'thinking-delta' || event.type === 'thinking')) return;
    write(`${JSON.stringify(event)}\n`);
  };
}
