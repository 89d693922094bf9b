/** The fake search servers' contract: documents, scripts, recorded requests and the server handle. Types only. */

/** One page the fake search engines know. */
export interface FakeSearchDocument {
  url: string;
  title: string;
  /** The snippet (Tavily `content`, SearXNG `content`). */
  content: string;
  /** ISO-8601 date, reported as Tavily `published_date` (news topic) and SearXNG `publishedDate`. */
  publishedDate?: string;
}

/** One HTTP request a fake search server received, whatever its route or outcome. */
export interface RecordedSearchRequest {
  method: string;
  /** The path without its query string, e.g. `/search`. */
  path: string;
  /** Query-string parameters. */
  query: Record<string, string>;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /**
   * The parsed body: the JSON object (Tavily) or the form fields (SearXNG `POST`); `{}` when empty or unparsable.
   */
  body: Record<string, unknown>;
  /** The body exactly as received. */
  rawBody: string;
}

/**
 * A scripted answer for the next request that reaches the route (consumed in order; when the script is empty
 * the server answers normally). `delay` waits before answering normally, to test client timeouts.
 */
export type FakeSearchScriptItem =
  | { type: 'error'; status: number; message?: string; retryAfterSeconds?: number }
  | { type: 'delay'; ms: number };

/** A running fake search server. */
export interface FakeSearchServer {
  /** `http://127.0.0.1:PORT`, to pass as `TAVILY_BASE_URL` or `SEARXNG_URL`. */
  url: string;
  /** Every request received so far, in arrival order. */
  requests: RecordedSearchRequest[];
  /** Stops listening and destroys every open connection, keep-alive and delayed ones included. */
  close(): Promise<void>;
}

/** Options shared by both fakes. */
export interface FakeSearchServerOptions {
  /** The pages searches can find. Default {@link DEFAULT_FAKE_DOCUMENTS}. */
  documents?: readonly FakeSearchDocument[];
  /** Scripted failures and delays, consumed one per search request. */
  script?: FakeSearchScriptItem[];
  /** Delay before every response, in milliseconds. Default 0. */
  latencyMs?: number;
  /** Default 0: any free port. The server binds to 127.0.0.1 only. */
  port?: number;
}
