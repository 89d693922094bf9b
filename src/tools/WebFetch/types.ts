/** The WebFetch contract: the factory options, the fetched page and the output. Types only. */
import type Anthropic from '@anthropic-ai/sdk';
import type { WebFetchCache } from './web-fetch-cache.ts';

export type { FetchedPage } from './fetched-page.ts';

/** The part of the model client WebFetch uses: `messages.create`. */
export type WebFetchModelClient = Pick<Anthropic, 'messages'>;

/** The `fetch` WebFetch calls (the global one by default). */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>;

/** Options of `createWebFetchTool`. Every field is optional; tests inject servers and clients here. */
export interface WebFetchOptions {
  /** Read at call time. Default `process.env`. Keys: JINA_API_KEY, JINA_READER_BASE_URL, CODEV_WEBFETCH_MODEL, ANTHROPIC_*. */
  env?: Readonly<Record<string, string | undefined>>;
  fetch?: FetchFunction;
  /** The client that applies the prompt; `null` never applies it. Default: made from the env when a key or base URL is set. */
  modelClient?: WebFetchModelClient | null;
  cacheTtlMs?: number;
  maxBytes?: number;
  timeoutMs?: number;
  /** Default: the one cache shared by the process. */
  cache?: WebFetchCache;
  /** The Markdown handed to the model is cut to this many characters. Default 100,000. */
  maxMarkdownChars?: number;
}

/** A redirect to another host, reported instead of followed. */
export interface WebFetchRedirect {
  originalUrl: string;
  redirectUrl: string;
  statusCode: number;
}

/** What a WebFetch call returns. `result` is what the model reads. */
export interface WebFetchOutput {
  /** The URL requested (after the http → https upgrade). */
  url: string;
  finalUrl: string;
  code: number;
  codeText: string;
  bytes: number;
  result: string;
  durationMs: number;
  source: 'direct' | 'jina';
  cached: boolean;
  /** True when the small model answered the prompt; false when the Markdown itself is returned. */
  promptApplied: boolean;
  truncated: boolean;
  redirect?: WebFetchRedirect;
}
