import type { RenderedContentBlock, RenderedMessage } from './render-message.ts';
import { splitIntoChunks } from './split-into-chunks.ts';

/** One server-sent event: its `event:` name and its `data:` JSON, whose `type` equals the name. */
export interface StreamEvent {
  event: string;
  data: { type: string } & Record<string, unknown>;
}

const TEXT_CHUNKS = 3;
const JSON_CHUNKS = 4;

/**
 * The SSE events that stream `message`, in the API's order:
 * 1. `message_start` with the message skeleton (no content, no stop reason) and the input usage;
 * 2. per block, `content_block_start`, its deltas (`text_delta` pieces; `thinking_delta` pieces then one
 *    `signature_delta`; none for a `redacted_thinking` block, whole in its start; or an empty `input_json_delta`
 *    followed by pieces of the input's JSON), `content_block_stop`; one `ping` follows the first block's start, as the API does;
 * 3. `message_delta` with the stop reason and cumulative output usage;
 * 4. `message_stop`.
 */
export function messageStreamEvents(message: RenderedMessage): StreamEvent[] {
  const { usage } = message;
  const events: StreamEvent[] = [
    event('message_start', {
      message: {
        id: message.id,
        type: 'message',
        role: 'assistant',
        model: message.model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: usage.input_tokens,
          output_tokens: 1,
          cache_creation_input_tokens: usage.cache_creation_input_tokens,
          cache_read_input_tokens: usage.cache_read_input_tokens,
        },
      },
    }),
  ];
  message.content.forEach((block, index) => {
    events.push(event('content_block_start', { index, content_block: blockSkeleton(block) }));
    if (index === 0) events.push(event('ping', {}));
    for (const delta of blockDeltas(block)) events.push(event('content_block_delta', { index, delta }));
    events.push(event('content_block_stop', { index }));
  });
  events.push(
    event('message_delta', {
      delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence },
      usage: { output_tokens: usage.output_tokens },
    }),
    event('message_stop', {}),
  );
  return events;
}

function event(name: string, fields: Record<string, unknown>): StreamEvent {
  return { event: name, data: { type: name, ...fields } };
}

function blockSkeleton(block: RenderedContentBlock): Record<string, unknown> {
  if (block.type === 'text') return { type: 'text', text: '' };
  if (block.type === 'thinking') return { type: 'thinking', thinking: '', signature: '' };
  // A redacted block comes whole in its start event, with no deltas.
  if (block.type === 'redacted_thinking') return block;
  return { type: 'tool_use', id: block.id, name: block.name, input: {} };
}

function blockDeltas(block: RenderedContentBlock): Array<Record<string, unknown>> {
  if (block.type === 'text') return splitIntoChunks(block.text, TEXT_CHUNKS).map((text) => ({ type: 'text_delta', text }));
  if (block.type === 'redacted_thinking') return [];
  if (block.type === 'thinking') {
    const pieces = splitIntoChunks(block.thinking, TEXT_CHUNKS).map((thinking): Record<string, unknown> => ({ type: 'thinking_delta', thinking }));
    return [...pieces, { type: 'signature_delta', signature: block.signature }];
  }
  const pieces = ['', ...splitIntoChunks(JSON.stringify(block.input), JSON_CHUNKS)];
  return pieces.map((partial) => ({ type: 'input_json_delta', partial_json: partial }));
}
