import type Anthropic from '@anthropic-ai/sdk';

/** The conversation's messages as last serialized: the same objects, and the bytes of `[` and their JSON joined by commas. */
interface Joined {
  readonly sent: Anthropic.MessageParam[];
  bytes: Buffer;
  length: number;
}
const joinedOf = new WeakMap<readonly Anthropic.MessageParam[], Joined>();

/**
 * The UTF-8 bytes of `JSON.stringify(messages)` but its closing `]`, for a conversation that grows at its end,
 * without serializing it again: the bytes of the messages sent before are kept (per array, in a buffer that
 * doubles as it fills) and each new message's JSON is written after them, once. A message replaced or removed
 * (a compaction, a repair) starts the bytes again. Checking that the earlier messages are the same objects is the
 * only work per request that grows with the conversation (a pointer comparison each). The view is valid until
 * the next call for the same array.
 */
export function messagesJsonBytes(messages: readonly Anthropic.MessageParam[]): Uint8Array {
  let joined = joinedOf.get(messages);
  if (!joined) joinedOf.set(messages, (joined = { sent: [], bytes: Buffer.allocUnsafe(4096), length: 0 }));
  const { sent } = joined;
  let same = 0;
  while (same < sent.length && same < messages.length && sent[same] === messages[same]) same++;
  if (same < sent.length || joined.length === 0) {
    sent.length = 0;
    joined.length = 0;
    write(joined, '[');
  }
  for (let index = sent.length; index < messages.length; index++) {
    const message = messages[index]!;
    write(joined, index === 0 ? JSON.stringify(message) : `,${JSON.stringify(message)}`);
    sent.push(message);
  }
  return joined.bytes.subarray(0, joined.length);
}

function write(joined: Joined, text: string): void {
  const needed = joined.length + Buffer.byteLength(text);
  if (needed > joined.bytes.length) {
    const bytes = Buffer.allocUnsafe(Math.max(needed, joined.bytes.length * 2));
    joined.bytes.copy(bytes, 0, 0, joined.length);
    joined.bytes = bytes;
  }
  joined.length += joined.bytes.write(text, joined.length);
}
