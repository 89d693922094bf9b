import type Anthropic from '@anthropic-ai/sdk';
import { estimateTokens } from './estimate-tokens.ts';
import type { FakeMessageReply } from './fake-reply.ts';
import { signThinking } from './sign-thinking.ts';

/** A content block as the API returns it. */
export type RenderedContentBlock =
  | { type: 'text'; text: string; citations: null }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string };

/** The `usage` object of a response. */
export interface RenderedUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  cache_creation: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number };
  server_tool_use: null;
  service_tier: 'standard';
}

/** The body of a non-streaming `POST /v1/messages` response. */
export interface RenderedMessage {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: RenderedContentBlock[];
  stop_reason: Anthropic.StopReason;
  stop_sequence: string | null;
  usage: RenderedUsage;
}

/**
 * The full Message for a scripted reply. Ids derive from `replyNumber` (`msg_fake_3`, `toolu_fake_3_1` for block 1),
 * and token counts from the request and reply sizes, so the same script always renders the same messages.
 */
export function renderMessage(options: {
  reply: FakeMessageReply;
  model: string;
  inputTokens: number;
  replyNumber: number;
  /** The request turned thinking on: the reply's thinking blocks are sent (else left out). */
  thinking?: boolean;
}): RenderedMessage {
  const { reply, replyNumber } = options;
  const content = reply.content.flatMap((block, index): RenderedContentBlock[] => {
    if (block.type === 'text') return [{ type: 'text', text: block.text, citations: null }];
    if (block.type === 'thinking') return options.thinking ? [{ type: 'thinking', thinking: block.thinking, signature: block.signature ?? signThinking(block.thinking) }] : [];
    if (block.type === 'redacted_thinking') return options.thinking ? [{ type: 'redacted_thinking', data: block.data }] : [];
    return [{ type: 'tool_use', id: block.id ?? `toolu_fake_${replyNumber}_${index}`, name: block.name, input: block.input }];
  });
  const hasToolUse = content.some((block) => block.type === 'tool_use');
  const stopReason = reply.stopReason ?? (hasToolUse ? 'tool_use' : 'end_turn');
  const cacheCreation = reply.usage?.cacheCreationInputTokens ?? 0;
  return {
    id: `msg_fake_${replyNumber}`,
    type: 'message',
    role: 'assistant',
    model: options.model,
    content,
    stop_reason: stopReason,
    stop_sequence: stopReason === 'stop_sequence' ? (reply.stopSequence ?? null) : null,
    usage: {
      input_tokens: reply.usage?.inputTokens ?? options.inputTokens,
      output_tokens: reply.usage?.outputTokens ?? estimateTokens(content.map(outputOf)),
      cache_creation_input_tokens: cacheCreation,
      cache_read_input_tokens: reply.usage?.cacheReadInputTokens ?? 0,
      cache_creation: { ephemeral_5m_input_tokens: cacheCreation, ephemeral_1h_input_tokens: 0 },
      server_tool_use: null,
      service_tier: 'standard',
    },
  };
}

function outputOf(block: RenderedContentBlock): unknown {
  if (block.type === 'text') return block.text;
  if (block.type === 'thinking') return block.thinking;
  if (block.type === 'redacted_thinking') return block.data;
  return block.input;
}
