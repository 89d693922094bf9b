import type { ServerResponse } from 'node:http';
import { errorReply, isBrokenStreamReply, isDroppedStreamReply, isErrorReply, isStreamFailureReply } from './fake-reply.ts';
import type { FakeReply } from './fake-reply.ts';
import { renderMessage } from './render-message.ts';
import { MESSAGES_API_WIRE } from './message-wire.ts';
import type { MessageWire } from './message-wire.ts';
import { sendJson } from './send-json.ts';
import type { RecordedRequest } from './types.ts';
import { closed, resetConnection, writeMessageStream } from './write-message-stream.ts';

/**
 * Answers a valid message request with its scripted reply: an error envelope, an SSE stream when the body set
 * `stream: true`, else the JSON message. Broken-stream replies need a stream: without one, a dropped or reset
 * connection drops it before any response, a stall never answers, and a mid-stream error or early end is a loud,
 * non-retryable 500.
 */
export async function sendReply(options: {
  response: ServerResponse;
  request: RecordedRequest;
  reply: FakeReply;
  replyNumber: number;
  requestId: string;
  inputTokens: number;
  /** Where the tool_use ids of a reply sent with thinking go (the API then wants that thinking back). */
  thoughtToolUses: Set<string>;
  /** A provider front's envelope and framing; default the Messages API's. */
  wire?: MessageWire;
}): Promise<void> {
  const { response, request, reply, requestId } = options;
  const wire = options.wire ?? MESSAGES_API_WIRE;
  const sendError = wire.sendError;
  if (isErrorReply(reply)) {
    const error = errorReply(reply.error.status, reply.error).error;
    sendError({ response, requestId, ...error, type: error.type ?? 'api_error', message: error.message ?? '' });
    return;
  }
  const thinkingType = (request.body.thinking as { type?: unknown } | undefined)?.type;
  const thinking = thinkingType === 'enabled' || thinkingType === 'adaptive';
  const message = renderMessage({ reply, model: String(request.body.model), inputTokens: options.inputTokens, replyNumber: options.replyNumber, thinking });
  if (message.content.some((block) => block.type === 'thinking' || block.type === 'redacted_thinking')) {
    for (const block of message.content) if (block.type === 'tool_use') options.thoughtToolUses.add(block.id);
  }
  if (request.stream) return writeMessageStream({ response, message, reply, requestId, wire });
  if (isDroppedStreamReply(reply)) {
    response.socket?.destroy();
    return;
  }
  if (isBrokenStreamReply(reply) && reply.breakWith !== 'end') {
    if (reply.breakWith === 'reset') resetConnection(response);
    else await closed(response);
    return;
  }
  if (isStreamFailureReply(reply) || isBrokenStreamReply(reply)) {
    const problem = `Fake reply #${options.replyNumber} fails mid-stream (${isBrokenStreamReply(reply) ? 'breakAfterEvents' : 'failAfterEvents'}), but the request did not set \`stream: true\`.`;
    sendError({ response, requestId, status: 500, type: 'api_error', message: problem, shouldRetry: false });
    return;
  }
  sendJson({ response, status: 200, body: message, requestId });
}
