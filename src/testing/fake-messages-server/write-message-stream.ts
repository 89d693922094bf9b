import type { ServerResponse } from 'node:http';
import { isBrokenStreamReply, isDroppedStreamReply, isStreamFailureReply } from './fake-reply.ts';
import type { FakeMessageReply, FakeReply } from './fake-reply.ts';
import { messageStreamEvents } from './message-stream-events.ts';
import type { StreamEvent } from './message-stream-events.ts';
import type { RenderedMessage } from './render-message.ts';

/** How a stream goes over the wire: its headers, each event's bytes, and the error that ends a failing stream. */
export interface StreamFraming {
  /** The response's headers while streaming (`content-type` and the request id). */
  streamHeaders(requestId: string): Record<string, string>;
  /** The bytes of one stream event. */
  formatEvent(streamEvent: StreamEvent): string | Uint8Array;
  /** The bytes of the error that ends a failing stream. */
  formatStreamError(error: { type: string; message: string }): string | Uint8Array;
}

const DEFAULT_STREAM_ERROR = { type: 'overloaded_error', message: 'Overloaded' };

/**
 * Answers with status 200 and `content-type: text/event-stream`, then writes the events of `message`, one frame
 * per write, with the reply's `rawFrames` spliced in. A stream-failure reply stops after `failAfterEvents` events
 * and sends an `error` event; a dropped-stream reply stops after `dropConnectionAfterEvents` events and destroys the
 * socket without ending the response; a broken-stream reply stops after `breakAfterEvents` events and stalls, ends
 * or resets the connection.
 */
export async function writeMessageStream(options: {
  response: ServerResponse;
  message: RenderedMessage;
  reply: FakeReply;
  requestId: string;
  /** The framing of a provider front; default SSE (see `MESSAGES_API_WIRE`). */
  wire?: StreamFraming;
}): Promise<void> {
  const { response, reply } = options;
  const wire = options.wire ?? SSE_FRAMING;
  response.writeHead(200, wire.streamHeaders(options.requestId));
  response.flushHeaders();
  const events = messageStreamEvents(options.message);
  const rawFrames = (reply as FakeMessageReply).rawFrames;
  const framesOf = (count: number) => selectFrames({ events, rawFrames, count, format: wire.formatEvent });
  if (isDroppedStreamReply(reply)) {
    await writeFrames(response, framesOf(reply.dropConnectionAfterEvents));
    response.socket?.destroy();
    return;
  }
  if (isBrokenStreamReply(reply)) {
    await writeFrames(response, framesOf(reply.breakAfterEvents));
    if (reply.breakWith === 'end') response.end();
    else if (reply.breakWith === 'reset') resetConnection(response);
    else await closed(response);
    return;
  }
  if (isStreamFailureReply(reply)) {
    const error = reply.streamError ?? DEFAULT_STREAM_ERROR;
    const count = Math.max(0, reply.failAfterEvents);
    await writeFrames(response, [...framesOf(count), wire.formatStreamError(error)]);
  } else {
    await writeFrames(response, framesOf(events.length));
  }
  response.end();
}

/** The wire form of one event: an `event:` line, a `data:` line, a blank line. */
export function formatStreamEvent(streamEvent: StreamEvent): string {
  return `event: ${streamEvent.event}\ndata: ${JSON.stringify(streamEvent.data)}\n\n`;
}

/** Resolves when the client has gone (or the server closed the connection). */
export function closed(response: ServerResponse): Promise<void> {
  if (response.destroyed || response.socket?.destroyed) return Promise.resolve();
  return new Promise((resolve) => response.once('close', () => resolve()));
}

/** Destroys the connection with a TCP RST where the runtime can, else a plain close. */
export function resetConnection(response: ServerResponse): void {
  const socket = response.socket as (ServerResponse['socket'] & { resetAndDestroy?: () => void }) | null;
  if (socket?.resetAndDestroy) socket.resetAndDestroy();
  else socket?.destroy();
}

/** The Messages API's stream framing: SSE frames, an `error` event at a failure. */
export const SSE_FRAMING: StreamFraming = {
  streamHeaders: (requestId: string) => ({ 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': requestId }),
  formatEvent: formatStreamEvent,
  formatStreamError: (error: { type: string; message: string }) => formatStreamEvent({ event: 'error', data: { type: 'error', error } }),
};

/** The frames of the first `count` events, each raw frame after the event it follows. */
function selectFrames(options: {
  events: StreamEvent[];
  rawFrames: FakeMessageReply['rawFrames'];
  count: number;
  format(streamEvent: StreamEvent): string | Uint8Array;
}): Array<string | Uint8Array> {
  const { events, rawFrames = [] } = options;
  const end = Math.min(Math.max(0, options.count), events.length);
  const frames: Array<string | Uint8Array> = [];
  for (let index = 0; index <= end; index++) {
    for (const raw of rawFrames) if (raw.afterEvents === index) frames.push(raw.text);
    if (index < end) frames.push(options.format(events[index]!));
  }
  return frames;
}

// Resolves once the last frame is handed to the socket, so a following destroy() cannot swallow written frames,
// or once the client has gone, since then no write callback may ever run.
function writeFrames(response: ServerResponse, frames: Array<string | Uint8Array>): Promise<void> {
  return new Promise((resolve) => {
    if (frames.length === 0 || response.destroyed) return resolve();
    response.once('close', () => resolve());
    frames.forEach((frame, index) => {
      const isLast = index === frames.length - 1;
      response.write(frame, isLast ? () => resolve() : undefined);
    });
  });
}
