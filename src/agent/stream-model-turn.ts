import type Anthropic from '@anthropic-ai/sdk';
import type { AgentEvent } from './types.ts';

/**
 * One model request, streamed: yields text deltas as they arrive and returns the final message
 * (tool_use inputs reassembled from their `input_json_delta`s by the SDK). Throws what the SDK throws.
 */
export async function* streamModelTurn(options: {
  client: Anthropic;
  params: Anthropic.MessageCreateParamsNonStreaming;
  signal: AbortSignal;
}): AsyncGenerator<AgentEvent, Anthropic.Message, void> {
  const stream = options.client.messages.stream(options.params, { signal: options.signal });
  for await (const event of stream) {
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') yield { type: 'text-delta', text: event.delta.text };
  }
  return stream.finalMessage();
}
