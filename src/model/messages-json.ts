import type Anthropic from '@anthropic-ai/sdk';

// A message is not changed once in the conversation (a compaction or a repair makes new ones): its JSON is made once.
const jsonOf = new WeakMap<Anthropic.MessageParam, string>();

/** The conversation's messages as last serialized: the same objects, and their JSON joined by commas. */
interface Joined {
  readonly sent: Anthropic.MessageParam[];
  json: string;
}
const joinedOf = new WeakMap<readonly Anthropic.MessageParam[], Joined>();

/** `JSON.stringify(message)`, made once per message. */
export function messageJson(message: Anthropic.MessageParam): string {
  let json = jsonOf.get(message);
  if (json === undefined) jsonOf.set(message, (json = JSON.stringify(message)));
  return json;
}

/**
 * `JSON.stringify(messages)` of a conversation that grows at its end, without serializing it again: the
 * JSON of the messages sent before is kept (per array) and the new messages' JSON appended to it. A message
 * replaced or removed (a compaction, a repair) starts the join again from the cached JSON of each message.
 * Checking that the earlier messages are the same objects is the only work per request that grows with the
 * conversation (a pointer comparison each).
 */
export function messagesJson(messages: readonly Anthropic.MessageParam[]): string {
  let joined = joinedOf.get(messages);
  if (!joined) joinedOf.set(messages, (joined = { sent: [], json: '' }));
  const { sent } = joined;
  let same = 0;
  while (same < sent.length && same < messages.length && sent[same] === messages[same]) same++;
  if (same < sent.length) {
    sent.length = 0;
    joined.json = '';
  }
  for (let index = sent.length; index < messages.length; index++) {
    const message = messages[index]!;
    joined.json = index === 0 ? messageJson(message) : `${joined.json},${messageJson(message)}`;
    sent.push(message);
  }
  return `[${joined.json}]`;
}
