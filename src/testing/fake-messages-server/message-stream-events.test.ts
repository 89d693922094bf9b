import { describe, expect, it } from 'vitest';
import { messageStreamEvents } from './message-stream-events.ts';
import { renderMessage } from './render-message.ts';
import { splitIntoChunks } from './split-into-chunks.ts';
import { formatStreamEvent } from './write-message-stream.ts';

const message = renderMessage({
  reply: { content: [{ type: 'text', text: 'Let me check.' }, { type: 'tool_use', name: 'get_weather', input: { city: 'Beijing' } }] },
  model: 'claude-sonnet-4-6',
  inputTokens: 412,
  replyNumber: 7,
});

describe('messageStreamEvents', () => {
  it('starts with the message skeleton and input usage', () => {
    const [start] = messageStreamEvents(message);
    expect(start).toEqual({
      event: 'message_start',
      data: {
        type: 'message_start',
        message: {
          id: 'msg_fake_7',
          type: 'message',
          role: 'assistant',
          model: 'claude-sonnet-4-6',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 412, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
        },
      },
    });
  });

  it('names every event after its data type, with one ping after the first block starts', () => {
    const events = messageStreamEvents(message);
    for (const streamEvent of events) expect(streamEvent.data.type).toBe(streamEvent.event);
    expect(events.map((streamEvent) => streamEvent.event).slice(0, 3)).toEqual(['message_start', 'content_block_start', 'ping']);
    expect(events.filter((streamEvent) => streamEvent.event === 'ping')).toHaveLength(1);
    expect(events.slice(-2).map((streamEvent) => streamEvent.event)).toEqual(['message_delta', 'message_stop']);
  });

  it('streams tool input as an empty input_json_delta, then pieces of its JSON', () => {
    const events = messageStreamEvents(message).filter((streamEvent) => streamEvent.data.index === 1);
    expect(events[0]?.data).toEqual({
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'toolu_fake_7_1', name: 'get_weather', input: {} },
    });
    const partials = events.filter((streamEvent) => streamEvent.event === 'content_block_delta').map((streamEvent) => (streamEvent.data.delta as { partial_json: string }).partial_json);
    expect(partials[0]).toBe('');
    expect(partials.length).toBeGreaterThan(2);
    expect(JSON.parse(partials.join(''))).toEqual({ city: 'Beijing' });
    expect(events.at(-1)?.data).toEqual({ type: 'content_block_stop', index: 1 });
  });

  it('ends with the stop reason and cumulative output usage', () => {
    const delta = messageStreamEvents(message).at(-2);
    expect(delta?.data).toEqual({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: message.usage.output_tokens } });
  });
});

describe('formatStreamEvent', () => {
  it('writes an event line, a data line and a blank line', () => {
    expect(formatStreamEvent({ event: 'message_stop', data: { type: 'message_stop' } })).toBe('event: message_stop\ndata: {"type":"message_stop"}\n\n');
  });
});

describe('splitIntoChunks', () => {
  it('splits into at most count non-empty pieces that join back', () => {
    expect(splitIntoChunks('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
    expect(splitIntoChunks('ab', 3)).toEqual(['a', 'b']);
    expect(splitIntoChunks('', 3)).toEqual(['']);
  });

  it('never cuts a surrogate pair', () => {
    const chunks = splitIntoChunks('😀😀😀', 2);
    expect(chunks).toEqual(['😀😀', '😀']);
  });
});
