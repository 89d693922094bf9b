import type Anthropic from '@anthropic-ai/sdk';
import { ADD_TOOL, addInputs } from '../tool-call/add-tool.ts';
import type { ConversationClock } from './types.ts';

type StreamEvent = Anthropic.MessageStreamEvent;

/** What a model turn reports: small, constant token counts (no SDK estimates anything here). */
const USAGE: Anthropic.Usage = {
  input_tokens: 10,
  output_tokens: 5,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation: null,
  server_tool_use: null,
  service_tier: 'standard',
} as unknown as Anthropic.Usage;

/**
 * The Anthropic client surface codev's agent loop uses, scripted: `messages.stream(params, { signal })`
 * returns an async iterable of stream events and `finalMessage()`. Request i (0-based) of a run gets
 * assistant message i: a `tool_use` of Add for i < calls, then a final text. Every message and its events
 * are built once, so the double costs the same at call 1 and call 1,000 and bills nothing to codev but
 * iterating six prebuilt events (message_start, content_block_start/delta/stop, message_delta, message_stop),
 * which the real SDK's stream also yields. With `latencyMs`, each stream waits that long before its first
 * event, as a model's time to first token.
 */
export function scriptedAnthropicClient(options: { calls: number; clock: ConversationClock; latencyMs?: number }): Anthropic {
  const { latencyMs } = options;
  const turns = addInputs(options.calls).map((input, index) => turn(toolUseMessage(index, input)));
  turns.push(turn(textMessage('done')));
  const client = {
    messages: {
      stream(_params: Anthropic.MessageCreateParams, _requestOptions?: { signal?: AbortSignal }) {
        const index = options.clock.tick();
        const scripted = turns[index];
        if (!scripted) throw new Error(`scripted client: no reply #${index + 1}`);
        return {
          async *[Symbol.asyncIterator](): AsyncGenerator<StreamEvent, void, void> {
            if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs));
            for (const event of scripted.events) yield event;
          },
          finalMessage: async () => scripted.message,
        };
      },
    },
  };
  return client as unknown as Anthropic;
}

function toolUseMessage(index: number, input: { a: number; b: number }): Anthropic.Message {
  return message(`msg_${index}`, [{ type: 'tool_use', id: `toolu_${index}`, name: ADD_TOOL.name, input } as Anthropic.ToolUseBlock], 'tool_use');
}

function textMessage(text: string): Anthropic.Message {
  return message('msg_final', [{ type: 'text', text, citations: null }], 'end_turn');
}

function message(id: string, content: Anthropic.ContentBlock[], stopReason: Anthropic.StopReason): Anthropic.Message {
  return { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', content, stop_reason: stopReason, stop_sequence: null, usage: USAGE, container: null } as unknown as Anthropic.Message;
}

/** The message and the events a real stream of it would yield (one delta per block). */
function turn(message: Anthropic.Message): { message: Anthropic.Message; events: StreamEvent[] } {
  const block = message.content[0]!;
  const skeleton = block.type === 'tool_use' ? { ...block, input: {} } : { ...block, text: '' };
  const delta = block.type === 'tool_use' ? { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } : { type: 'text_delta', text: block.type === 'text' ? block.text : '' };
  const events = [
    { type: 'message_start', message: { ...message, content: [], stop_reason: null } },
    { type: 'content_block_start', index: 0, content_block: skeleton },
    { type: 'content_block_delta', index: 0, delta },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: { output_tokens: USAGE.output_tokens } },
    { type: 'message_stop' },
  ];
  return { message, events: events as unknown as StreamEvent[] };
}
