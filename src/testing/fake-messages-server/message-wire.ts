import { sendError } from './send-error.ts';
import { SSE_FRAMING } from './write-message-stream.ts';
import type { StreamFraming } from './write-message-stream.ts';

/** An HTTP error the Messages pipeline answers with (what `sendError` takes), before a provider front puts it in its own envelope. */
export type MessageErrorOptions = Parameters<typeof sendError>[0];

/**
 * How a reply goes over the wire: the error envelope and the stream framing. The Messages API's own wire (SSE,
 * `{ type: 'error', error }`) is the default; a provider front (Bedrock's event stream, Vertex's and Foundry's
 * envelopes) gives its own, one per request, so a framing may keep state across the events of one stream.
 */
export interface MessageWire extends StreamFraming {
  sendError(options: MessageErrorOptions): void;
}

/** The Anthropic Messages API's wire. */
export const MESSAGES_API_WIRE: MessageWire = { sendError, ...SSE_FRAMING };
