import type Anthropic from '@anthropic-ai/sdk';
import { messagesJsonBytes } from './messages-json.ts';

// The parts of a request that stay the same from request to request (the tools, the system prompt), serialized once.
const objectJson = new WeakMap<object, string | undefined>();
let lastString: { value: string; json: string } | undefined;

/**
 * The body the SDK sends for `client.messages.stream(params)`, byte for byte the UTF-8 of `JSON.stringify({
 * ...params, stream: true })`, made from pieces serialized once: the messages' bytes appended to
 * (`messagesJsonBytes`), the tools' and the system prompt's JSON reused while they are the same. What a request
 * costs to serialize is then what it added, plus one copy of the bytes, not the whole conversation's JSON.
 */
export function messagesRequestBody(params: Anthropic.MessageCreateParams): Uint8Array {
  let head = '{';
  let tail = '';
  let messages: Uint8Array | undefined;
  let streamed = false;
  // The keys JSON.stringify writes, in its order: own enumerable ones; `stream` stays where the params have it.
  for (const key of Object.keys(params)) {
    const value = (params as unknown as Record<string, unknown>)[key];
    if (value === undefined) continue;
    const separator = head.length > 1 || messages ? ',' : '';
    if (key === 'messages') {
      head += `${separator}"messages":`;
      messages = messagesJsonBytes(value as Anthropic.MessageParam[]);
      continue;
    }
    const json = key === 'stream' ? 'true' : valueJson(value);
    // What JSON has no text for (a function, a symbol) is left out, as JSON.stringify leaves it out.
    if (json === undefined) continue;
    streamed ||= key === 'stream';
    if (messages) tail += `${separator}${JSON.stringify(key)}:${json}`;
    else head += `${separator}${JSON.stringify(key)}:${json}`;
  }
  if (!streamed) tail += `${head.length > 1 || messages ? ',' : ''}"stream":true`;
  tail += '}';
  if (!messages) return Buffer.from(head + tail);
  const start = Buffer.from(head);
  const end = Buffer.from(`]${tail}`);
  return Buffer.concat([start, messages, end], start.length + messages.length + end.length);
}

function valueJson(value: unknown): string | undefined {
  if (typeof value === 'string') {
    if (lastString?.value !== value) lastString = { value, json: JSON.stringify(value) };
    return lastString.json;
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let json = objectJson.get(value);
  if (json === undefined) objectJson.set(value, (json = JSON.stringify(value) as string | undefined));
  return json;
}
