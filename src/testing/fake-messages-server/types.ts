/** The fake Messages API server's contract: its options, the requests it records, the handle it returns. Types only. */
import type Anthropic from '@anthropic-ai/sdk';
import type { ModelFeature } from '../../model/providers/types.ts';
import type { FakeReply } from './fake-reply.ts';

/** One HTTP request the fake server received, whatever its route or outcome. */
export interface RecordedRequest {
  method: string;
  /** The path without its query string, e.g. `/v1/messages`. */
  path: string;
  /** Query parameters, e.g. `{ beta: 'true' }` for `client.beta.messages.*`. */
  query: Record<string, string>;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The parsed JSON body, or `{}` when the body is empty or not a JSON object (see `rawBody`). */
  body: Partial<Anthropic.MessageCreateParams> & Record<string, unknown>;
  /** The body exactly as received. */
  rawBody: string;
  /** True when the body asked for a stream (`"stream": true`). */
  stream: boolean;
}

/**
 * The replies, in request order, or a function choosing the reply for each message request. `index` counts
 * only requests that reached the script (authorized, valid `POST /v1/messages`), from 0.
 */
export type FakeScript = FakeReply[] | ((request: RecordedRequest, index: number) => FakeReply | Promise<FakeReply>);

/** Options of {@link createFakeMessagesServer}. */
export interface FakeMessagesServerOptions {
  script: FakeScript;
  /** When set, requests must carry it as `x-api-key` or `Authorization: Bearer`; others get 401. */
  apiKey?: string;
  /** Default 0: any free port. The server binds to 127.0.0.1 only. */
  port?: number;
  /** Delay before each response starts, in milliseconds. Default 0. */
  latencyMs?: number;
  /**
   * The model's context window, in (estimated) tokens: a Messages request whose input is larger gets the
   * real API's 400 `invalid_request_error` "prompt is too long: N tokens > M maximum" (counted as a request,
   * taking no scripted reply). Default: no limit.
   */
  contextWindow?: number;
  /**
   * Simulate the API's prompt cache: `cache_control` breakpoints write the prefix up to them, later requests
   * read the longest cached prefix, and each reply's usage says so (`cache_creation_input_tokens`,
   * `cache_read_input_tokens`, the rest as `input_tokens`; a reply's scripted usage wins). Prefixes under
   * `minTokens` (default 1,024, as for Sonnet) are not cached. Default off: no cache tokens reported.
   */
  promptCache?: boolean | { minTokens?: number };
  /**
   * Models the server is overloaded for: a Messages request for one of them gets 529 `overloaded_error`
   * (counted as a request, taking no scripted reply; no `x-should-retry`, so clients retry as for the real
   * API). For testing fallback models.
   */
  overloadedModels?: readonly string[];
  /**
   * Be an Anthropic-compatible server that lacks these features (a local model server, a proxy): a Messages
   * request that uses one gets 400 `invalid_request_error` naming the field as strict servers do
   * (`thinking: Extra inputs are not permitted`, `tools.3.custom.cache_control: …`, `messages.1.content.0: Input
   * tag 'thinking' found using 'type' does not match any of the expected tags: …`), counted as a request and
   * taking no scripted reply; without `countTokens`, `POST /v1/messages/count_tokens` is 404 `not_found_error`;
   * without `promptCaching`, no cache usage is reported (`promptCache` is ignored). `topLevelCacheControl`
   * refuses only the request-level `cache_control`. Default: none, the whole API.
   */
  unsupported?: readonly ModelFeature[];
}

/** A running fake server. */
export interface FakeMessagesServer {
  /** `http://127.0.0.1:PORT`, to pass as the SDK's `baseURL`. */
  url: string;
  /** Every request received so far, in arrival order. */
  requests: RecordedRequest[];
  /** Stops listening and destroys every open connection, keep-alive ones included. */
  close(): Promise<void>;
}
