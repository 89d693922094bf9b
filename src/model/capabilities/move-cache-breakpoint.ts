import { blocksOf, withoutKey, type BlockShape, type RequestBody } from './request-shapes.ts';

/** Blocks that cannot carry a `cache_control` (the API refuses it on them). */
const NOT_CACHEABLE = new Set(['thinking', 'redacted_thinking']);

/**
 * A request-level `cache_control` (the API's automatic breakpoint) moved where the API would have put it: on
 * the last block of the last message that can carry one. A server without the request-level field caches the
 * same prefix. The block keeps a breakpoint it already had; with no block to carry it, it is dropped.
 */
export function moveCacheBreakpoint(body: RequestBody): RequestBody {
  const control = body.cache_control;
  if (control === undefined || control === null) return body;
  const rest = withoutKey(body, 'cache_control');
  const messages = [...rest.messages];
  const last = messages.at(-1);
  if (!last) return rest;
  const blocks = blocksOf(last.content).slice();
  let index = blocks.length - 1;
  while (index >= 0 && NOT_CACHEABLE.has(blocks[index]!.type)) index--;
  if (index === -1) return rest;
  const block = blocks[index]!;
  if (block.cache_control === undefined) blocks[index] = { ...block, cache_control: control } as BlockShape;
  messages[messages.length - 1] = { ...last, content: blocks };
  return { ...rest, messages };
}
