import type { AgentEvent } from '../../agent/types.ts';

/**
 * Renders agent events for a program (`--output-format stream-json`): one JSON object per line. Thinking
 * (`thinking-delta`, `thinking`) is left out unless `includeThinking`: it is the model's scratch work, long,
 * and not what a program reading the stream usually wants.
 */
export function createJsonRenderer(options: { write: (text: string) => void; includeThinking: boolean }): (event: AgentEvent) => void {
  const { write, includeThinking } = options;
  return function renderJson(event: AgentEvent): void {
    if (!includeThinking && (event.type === 'thinking-delta' || event.type === 'thinking')) return;
    write(`${JSON.stringify(event)}\n`);
  };
}
