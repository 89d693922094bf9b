/** What a fake Messages API server answers to one `POST /v1/messages`: a message, an HTTP error, or a broken stream. */
import type Anthropic from '@anthropic-ai/sdk';

/**
 * A content block the fake model replies with. A `tool_use` without `id` gets a deterministic `toolu_fake_...`
 * id. `thinking` and `redacted_thinking` blocks are sent only to a request with thinking on (`enabled` or
 * `adaptive`), as the API does; a thinking block gets the server's signature (`signature` replaces it, e.g. a
 * bad one).
 */
export type FakeContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id?: string; name: string; input: Record<string, unknown> }
  | { type: 'thinking'; thinking: string; signature?: string }
  | { type: 'redacted_thinking'; data: string };

/** Token counts to report instead of the deterministic estimates. */
export interface FakeUsage {
  inputTokens?: number;
  outputTokens?: number;
  cacheCreationInputTokens?: number;
  cacheReadInputTokens?: number;
}

/** A successful reply, rendered as JSON or as an SSE stream depending on the request's `stream` flag. */
export interface FakeMessageReply {
  content: FakeContentBlock[];
  /** Defaults to `tool_use` when a tool_use block is present, else `end_turn`. */
  stopReason?: Anthropic.StopReason;
  /** The matched stop sequence, reported when `stopReason` is `stop_sequence`. */
  stopSequence?: string;
  usage?: FakeUsage;
  /**
   * SSE text written verbatim into a stream after the first `afterEvents` events (pings included), for
   * wire faults: a frame with invalid JSON, one without an `event:` line, an event type the API does not
   * have. Ignored when the request does not stream.
   */
  rawFrames?: { afterEvents: number; text: string }[];
}

/** The HTTP statuses a fake error reply may carry. */
export type FakeErrorStatus = 400 | 401 | 403 | 404 | 413 | 429 | 500 | 529;

/** An HTTP error response in the API's error envelope. */
export interface FakeErrorReply {
  error: {
    status: FakeErrorStatus;
    /** Defaults to the type the API uses for `status` (see {@link ERROR_TYPE_BY_STATUS}). */
    type?: string;
    message?: string;
    /**
     * Sent as `retry-after` (seconds; fractions allowed, the SDK parses them). Defaults to 0.01 on 429, so an SDK retry
     * is quick: the SDK ignores a zero delay and would back off for 0.5 s instead.
     */
    retryAfterSeconds?: number;
    /** Sent as `x-should-retry`, which overrides the SDK's retry policy. Omitted by default. */
    shouldRetry?: boolean;
  };
}

/** A streamed reply that sends `failAfterEvents` SSE events (pings included), then an `error` event. */
export interface FakeStreamFailureReply extends FakeMessageReply {
  failAfterEvents: number;
  /** Defaults to `{ type: 'overloaded_error', message: 'Overloaded' }`. */
  streamError?: { type: string; message: string };
}

/** A streamed reply that sends `dropConnectionAfterEvents` SSE events, then destroys the socket. */
export interface FakeDroppedStreamReply extends FakeMessageReply {
  dropConnectionAfterEvents: number;
}

/**
 * A streamed reply that sends `breakAfterEvents` SSE events (0: only the headers), then breaks the stream:
 * `stall` sends nothing more and holds the connection open until the client goes (or the server closes);
 * `end` ends the response cleanly, without the rest of the message (no `message_stop`); `reset` resets
 * the TCP connection (RST). Without a stream, `stall` never answers, `reset` resets, `end` is a loud 500.
 */
export interface FakeBrokenStreamReply extends FakeMessageReply {
  breakAfterEvents: number;
  breakWith: 'stall' | 'end' | 'reset';
}

/** One scripted answer of the fake server. */
export type FakeReply = FakeMessageReply | FakeErrorReply | FakeStreamFailureReply | FakeDroppedStreamReply | FakeBrokenStreamReply;

/** The `error.type` the API uses for each status. */
export const ERROR_TYPE_BY_STATUS: Record<FakeErrorStatus, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

const DEFAULT_ERROR_MESSAGE: Record<FakeErrorStatus, string> = {
  400: 'Invalid request',
  401: 'invalid x-api-key',
  403: 'Your API key does not have permission to use the specified resource.',
  404: 'The requested resource could not be found.',
  413: 'Request exceeds the maximum allowed number of bytes.',
  429: 'Number of request tokens has exceeded your per-minute rate limit',
  500: 'Internal server error',
  529: 'Overloaded',
};

/** True when the reply is an HTTP error. */
export function isErrorReply(reply: FakeReply): reply is FakeErrorReply {
  return 'error' in reply;
}

/** True when the reply ends its stream with an `error` event. */
export function isStreamFailureReply(reply: FakeReply): reply is FakeStreamFailureReply {
  return 'failAfterEvents' in reply;
}

/** True when the reply breaks its connection mid-stream. */
export function isDroppedStreamReply(reply: FakeReply): reply is FakeDroppedStreamReply {
  return 'dropConnectionAfterEvents' in reply;
}

/** True when the reply stalls, ends early or resets its stream. */
export function isBrokenStreamReply(reply: FakeReply): reply is FakeBrokenStreamReply {
  return 'breakAfterEvents' in reply;
}

/** A reply with one text block, ending the turn. */
export function textReply(text: string): FakeMessageReply {
  return { content: [{ type: 'text', text }] };
}

/** A reply calling one tool, optionally preceded by a text block; its stop reason is `tool_use`. */
export function toolUseReply(name: string, input: Record<string, unknown>, options: { id?: string; text?: string } = {}): FakeMessageReply {
  const content: FakeContentBlock[] = options.text === undefined ? [] : [{ type: 'text', text: options.text }];
  content.push({ type: 'tool_use', id: options.id, name, input });
  return { content };
}

/**
 * An HTTP error reply; type and message default to what the API sends for `status`. The server fills the same
 * defaults into hand-written error replies.
 */
export function errorReply(status: FakeErrorStatus, options: Omit<FakeErrorReply['error'], 'status'> = {}): FakeErrorReply {
  return {
    error: {
      status,
      type: options.type ?? ERROR_TYPE_BY_STATUS[status],
      message: options.message ?? DEFAULT_ERROR_MESSAGE[status],
      retryAfterSeconds: options.retryAfterSeconds ?? (status === 429 ? 0.01 : undefined),
      shouldRetry: options.shouldRetry,
    },
  };
}
