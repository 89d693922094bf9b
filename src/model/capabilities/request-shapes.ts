/**
 * The parts of a Messages request the capability steps rewrite, seen loosely: a request may carry fields the
 * SDK's types do not name yet (`output_config`, a top-level `cache_control`), and content blocks of any type.
 */
export type RequestBody = Record<string, unknown> & { messages: MessageShape[] };

export interface MessageShape {
  role: string;
  content: string | BlockShape[];
}

export type BlockShape = Record<string, unknown> & { type: string };

/** A copy of `block` without `key` (the same object when it has none). */
export function withoutKey<Value extends Record<string, unknown>>(value: Value, key: string): Value {
  if (!(key in value)) return value;
  const { [key]: _removed, ...rest } = value;
  return rest as Value;
}

/** `content` as blocks: a string is one text block, as the API reads it. */
export function blocksOf(content: MessageShape['content']): BlockShape[] {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}

/** `items` mapped, or `items` itself when `map` gave back every item unchanged. */
export function sameOrNew<Item>(items: Item[], map: (item: Item) => Item): Item[] {
  const mapped = items.map(map);
  return mapped.every((item, index) => item === items[index]) ? items : mapped;
}

/** `value` with `content`, or `value` itself when `content` is the one it has. */
export function withContent<Value extends object>(value: Value, content: unknown): Value {
  return content === (value as { content?: unknown }).content ? value : { ...value, content };
}
