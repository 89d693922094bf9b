import { createHash } from 'node:crypto';
import { estimateTokens } from './estimate-tokens.ts';

/** How far back from a breakpoint the API looks for a prefix it cached earlier, in blocks (its documented lookback). */
const LOOKBACK_BLOCKS = 20;

/** What a request's input cost: tokens read from the cache, written to it, and neither. */
export interface PromptCacheUsage {
  inputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
}

/** The prompt cache of the fake server: `account(body)` says what a request's input cost and caches its prefixes. */
export interface PromptCache {
  account(body: Record<string, unknown>): PromptCacheUsage;
}

/**
 * A prompt cache that behaves as the API's does, in the fake server's token estimates. The request is read
 * as one sequence of blocks in the API's cache order: each tool, then the system prompt's blocks, then every
 * message's content blocks. A block with `cache_control` is a breakpoint: the prefix up to it is written to
 * the cache (when it has at least `minTokens`). A later request reads the longest cached prefix that ends at
 * one of its breakpoints or at a block up to 20 before one; what lies between that and its last breakpoint
 * is written; the rest is plain input. A top-level `cache_control` marks the request's last block. Prefixes stay cached for the server's life (the real TTL is 5 minutes).
 */
export function createPromptCache(options: { minTokens?: number } = {}): PromptCache {
  const minTokens = options.minTokens ?? 1_024;
  const cached = new Set<string>();
  return {
    account(body) {
      const blocks = cacheOrder(body);
      // Running hashes and token counts of every prefix, so each prefix is hashed once.
      const hash = createHash('sha256');
      const prefixes: { key: string; tokens: number }[] = [];
      let tokens = 0;
      for (const block of blocks) {
        hash.update(block.json);
        tokens += block.tokens;
        prefixes.push({ key: hash.copy().digest('hex'), tokens });
      }
      const total = tokens;
      const breakpoints = blocks.flatMap((block, index) => (block.breakpoint ? [index] : []));
      if (breakpoints.length === 0) return { inputTokens: total, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 };
      let read = 0;
      for (const breakpoint of breakpoints) {
        for (let index = breakpoint; index >= Math.max(0, breakpoint - LOOKBACK_BLOCKS); index--) {
          if (cached.has(prefixes[index]!.key)) {
            read = Math.max(read, prefixes[index]!.tokens);
            break;
          }
        }
      }
      const last = prefixes[breakpoints.at(-1)!]!;
      const written = last.tokens >= minTokens ? Math.max(0, last.tokens - read) : 0;
      for (const breakpoint of breakpoints) if (prefixes[breakpoint]!.tokens >= minTokens) cached.add(prefixes[breakpoint]!.key);
      return { inputTokens: total - read - written, cacheCreationInputTokens: written, cacheReadInputTokens: read };
    },
  };
}

interface CacheBlock {
  json: string;
  tokens: number;
  breakpoint: boolean;
}

/** The request's blocks in cache order (tools, system, messages), each without its `cache_control`. */
function cacheOrder(body: Record<string, unknown>): CacheBlock[] {
  const blocks: CacheBlock[] = [];
  const add = (value: unknown) => {
    const { cache_control: control, ...rest } = (typeof value === 'object' && value !== null ? value : { text: value }) as Record<string, unknown>;
    const json = JSON.stringify(rest);
    blocks.push({ json, tokens: estimateTokens(json), breakpoint: control !== undefined && control !== null });
  };
  for (const tool of (body.tools as unknown[] | undefined) ?? []) add(tool);
  const system = body.system;
  if (typeof system === 'string') add({ type: 'text', text: system });
  else for (const block of (system as unknown[] | undefined) ?? []) add(block);
  for (const message of (body.messages as { role: string; content: unknown }[] | undefined) ?? []) {
    const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : (message.content as unknown[]);
    // The role is part of what is cached: the same text as user or assistant is another prefix.
    content.forEach((block, index) => add(index === 0 ? { role: message.role, ...(block as object) } : block));
  }
  // A top-level `cache_control` puts a breakpoint on the last cacheable block.
  const last = blocks.at(-1);
  if (last && body.cache_control !== undefined && body.cache_control !== null) last.breakpoint = true;
  return blocks;
}
