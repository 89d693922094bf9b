import type Anthropic from '@anthropic-ai/sdk';
import { messagesJson } from './messages-json.ts';

// The parts of a request that stay the same from request to request (the tools, the system prompt), serialized once.
const objectJson = new WeakMap<object, string>();
let lastString: { value: string; json: string } | undefined;

/**
 * The body the SDK sends for `client.messages.stream(params)`, byte for byte `JSON.stringify({ ...params,
 * stream: true })`, made from pieces serialized once: the messages' JSON appended to (`messagesJson`), the
 * tools' and the system prompt's reused while they are the same. What a request costs to serialize is then
 * what it added, not the whole conversation.
 */
export function messagesRequestBody(params: Anthropic.MessageCreateParams): string {
  let body = '{';
  for (const key in params) {
    const value = (params as unknown as Record<string, unknown>)[key];
    if (value === undefined || key === 'stream') continue;
    if (body.length > 1) body += ',';
    body += `${JSON.stringify(key)}:${key === 'messages' ? messagesJson(value as Anthropic.MessageParam[]) : valueJson(value)}`;
  }
  return `${body}${body.length > 1 ? ',' : ''}"stream":true}`;
}

function valueJson(value: unknown): string {
  if (typeof value === 'string') {
    if (lastString?.value !== value) lastString = { value, json: JSON.stringify(value) };
    return lastString.json;
  }
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  let json = objectJson.get(value);
  if (json === undefined) objectJson.set(value, (json = JSON.stringify(value)));
  return json;
}
