import { sameOrNew, withContent, withoutKey, type BlockShape, type RequestBody } from './request-shapes.ts';

/**
 * The request without any `cache_control`: none at the top level, on system blocks, on tools, on message
 * blocks or on the blocks inside tool results. `changed` is false (and `body` the same object) when it had none.
 */
export function withoutCacheControl(body: RequestBody): { body: RequestBody; changed: boolean } {
  let changed = false;
  const strip = <Value extends Record<string, unknown>>(value: Value): Value => {
    if (!('cache_control' in value)) return value;
    changed = true;
    return withoutKey(value, 'cache_control');
  };
  // The same array and blocks back when none had one: unchanged messages stay the objects the transcript holds.
  const stripBlocks = (blocks: BlockShape[]): BlockShape[] => {
    const stripped = blocks.map((block) => {
      const next = strip(block);
      if (!Array.isArray(next.content)) return next;
      const content = stripBlocks(next.content as BlockShape[]);
      return content === next.content ? next : { ...next, content };
    });
    return stripped.every((block, index) => block === blocks[index]) ? blocks : stripped;
  };
  let next: RequestBody = strip(body);
  if (Array.isArray(next.system)) next = { ...next, system: stripBlocks(next.system as BlockShape[]) };
  if (Array.isArray(next.tools)) next = { ...next, tools: (next.tools as Record<string, unknown>[]).map(strip) };
  next = { ...next, messages: sameOrNew(next.messages, (message) => (typeof message.content === 'string' ? message : withContent(message, stripBlocks(message.content)))) };
  return changed ? { body: next, changed } : { body, changed };
}
