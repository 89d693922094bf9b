/** The fake Jina Reader server's contract: its options, the requests it records, the handle it returns. Types only. */

/** One page the fake serves for a target URL. */
export interface FakeJinaPage {
  title?: string;
  description?: string;
  /** The Markdown content (`data.content`, or the "Markdown Content:" section). */
  content: string;
  /** The URL Jina reports (`data.url`); defaults to the target. A different host models a followed redirect. */
  url?: string;
  publishedTime?: string;
  /** Returned as `data.html` for `X-Return-Format: html`; defaults to the content in a `<body>`. */
  html?: string;
  /** Returned as `data.text` for `X-Return-Format: text`; defaults to the content. */
  text?: string;
  /** `data.images` (label → URL), sent only with `X-With-Images-Summary`. */
  images?: Record<string, string>;
  /** `data.links` (anchor text → URL), sent only with `X-With-Links-Summary`. */
  links?: Record<string, string>;
  /** `data.warning`, e.g. "Target URL returned error 404: Not Found". */
  warning?: string;
}

/** A scripted error, answered once (in order) before pages are served again. */
export interface FakeJinaFailure {
  status: 401 | 402 | 409 | 413 | 422 | 429 | 451 | 503;
  /** For 429: the `Retry-After` header, in seconds. Default 1. */
  retryAfterSeconds?: number;
  message?: string;
}

/** One request the fake received. */
export interface FakeJinaRequest {
  method: string;
  /** The raw path, e.g. `/https://example.com/a?b=1`. */
  path: string;
  /** The target URL (from the path or the POST body), or '' for the account route. */
  target: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  rawBody: string;
}

/** Options of {@link createFakeJinaServer}. */
export interface FakeJinaServerOptions {
  /** Target URL (without fragment) → page, or a function choosing the page; unknown targets get 422. */
  pages?: Record<string, FakeJinaPage> | ((target: string) => FakeJinaPage | undefined);
  /** When set, a request with another Bearer key gets 401; one without a key passes unless `requireKey`. */
  apiKey?: string;
  /** Reject requests without a key too. Default false (Jina serves anonymous requests at a lower rate). */
  requireKey?: boolean;
  /** Hosts answered with 451 SecurityCompromiseError. Default: localhost and 127.0.0.1 (Jina refuses SSRF targets). */
  blockedHosts?: readonly string[];
  /** Errors answered in order, one per request, before any page. */
  failures?: FakeJinaFailure[];
  /** Requests per minute before 429 with `Retry-After`. Default unlimited. */
  requestsPerMinute?: number;
  /** The token balance; once spent, 402 InsufficientBalanceError. Default unlimited. */
  balance?: number;
  /** Delay before each response, in milliseconds. Default 0. */
  latencyMs?: number;
  /** Default 0: any free port. Binds to 127.0.0.1 only. */
  port?: number;
}

/** A running fake Jina Reader. */
export interface FakeJinaServer {
  /** `http://127.0.0.1:PORT`, to pass as `JINA_READER_BASE_URL`. */
  url: string;
  requests: FakeJinaRequest[];
  close(): Promise<void>;
}
