import type { ServerResponse } from 'node:http';
import { isDroppedStreamReply, isStreamFailureReply } from './fake-reply.ts';
import type { FakeMessageReply } from './fake-reply.ts';
import { messageStreamEvents } from './message-stream-events.ts';
import type { StreamEvent } from './message-stream-events.ts';
import type { RenderedMessage } from './render-message.ts';

const DEFAULT_STREAM_ERROR = { type: 'overloaded_error', message: 'Overloaded' };

/**
 * Answers with status 200 and `content-type: text/event-stream`, then writes the events of `message`, one frame
 * per write. A stream-failure reply stops after `failAfterEvents` events and sends an `error` event; a dropped-stream
 * reply stops after `dropConnectionAfterEvents` events and destroys the socket without ending the response.
 */
export async function writeMessageStream(options: {
  response: ServerResponse;
  message: RenderedMessage;
  reply: FakeMessageReply;
  requestId: string;
}): Promise<void> {
  const { response, reply } = options;
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': options.requestId });
  response.flushHeaders();
  const events = messageStreamEvents(options.message);
  if (isDroppedStreamReply(reply)) {
    await writeEvents(response, events.slice(0, Math.max(0, reply.dropConnectionAfterEvents)));
    response.socket?.destroy();
    return;
  }
  if (isStreamFailureReply(reply)) {
    const error = reply.streamError ?? DEFAULT_STREAM_ERROR;
    await writeEvents(response, [...events.slice(0, Math.max(0, reply.failAfterEvents)), { event: 'error', data: { type: 'error', error } }]);
  } else {
    await writeEvents(response, events);
  }
  response.end();
}

/** The wire form of one event: an `event:` line, a `data:` line, a blank line. */
export function formatStreamEvent(streamEvent: StreamEvent): string {
  return `event: ${streamEvent.event}\ndata: ${JSON.stringify(streamEvent.data)}\n\n`;
}

// Resolves once the last frame is handed to the socket, so a following destroy() cannot swallow written events,
// or once the client has gone, since then no write callback may ever run.
function writeEvents(response: ServerResponse, events: StreamEvent[]): Promise<void> {
  return new Promise((resolve) => {
    if (events.length === 0 || response.destroyed) return resolve();
    response.once('close', () => resolve());
    events.forEach((streamEvent, index) => {
      const isLast = index === events.length - 1;
      response.write(formatStreamEvent(streamEvent), isLast ? () => resolve() : undefined);
    });
  });
}
