import { randomUUID } from 'node:crypto';
import type { MessageErrorOptions, MessageWire } from '../fake-messages-server/message-wire.ts';
import { sendJson } from '../fake-messages-server/send-json.ts';
import type { StreamEvent } from '../fake-messages-server/message-stream-events.ts';
import { encodeEventStreamMessage } from './encode-event-stream-message.ts';

/** The Bedrock exception for each HTTP status the Messages pipeline answers with (Bedrock has no 529: it throttles). */
const EXCEPTION_BY_STATUS: Record<number, { status: number; exception: string }> = {
  400: { status: 400, exception: 'ValidationException' },
  401: { status: 403, exception: 'AccessDeniedException' },
  403: { status: 403, exception: 'AccessDeniedException' },
  404: { status: 404, exception: 'ResourceNotFoundException' },
  413: { status: 400, exception: 'ValidationException' },
  429: { status: 429, exception: 'ThrottlingException' },
  500: { status: 500, exception: 'InternalServerException' },
  529: { status: 503, exception: 'ServiceUnavailableException' },
};

/** The stream exception (`:exception-type`) a mid-stream Anthropic error becomes. */
const STREAM_EXCEPTION_BY_TYPE: Record<string, string> = {
  rate_limit_error: 'throttlingException',
  invalid_request_error: 'validationException',
  api_error: 'internalServerException',
  overloaded_error: 'modelStreamErrorException',
};

/** Sends a Bedrock HTTP error: `{"message"}` with the exception named in `x-amzn-ErrorType`. */
export function sendBedrockError(options: { response: MessageErrorOptions['response']; requestId: string; status: number; exception: string; message: string; retryAfterSeconds?: number }): void {
  const headers: Record<string, string> = { 'x-amzn-requestid': options.requestId, 'x-amzn-errortype': `${options.exception}:http://internal.amazon.com/coral/com.amazon.bedrock/` };
  if (options.retryAfterSeconds !== undefined) headers['retry-after'] = String(options.retryAfterSeconds);
  sendJson({ response: options.response, status: options.status, requestId: options.requestId, headers, body: { message: options.message } });
}

/** A fresh request id in Bedrock's form (a UUID). */
export function bedrockRequestId(): string {
  return randomUUID();
}

/**
 * Bedrock's wire for one request: errors as `{"message"}` with `x-amzn-ErrorType`, and a stream as an AWS event
 * stream whose `chunk` events carry `{"bytes": base64(event JSON)}`; the `message_stop` event carries
 * `amazon-bedrock-invocationMetrics`; a mid-stream failure is an `exception` message.
 */
export function createBedrockWire(): MessageWire {
  let inputTokens = 0;
  let outputTokens = 0;
  const started = Date.now();
  return {
    sendError(options) {
      const mapped = EXCEPTION_BY_STATUS[options.status] ?? { status: options.status, exception: 'InternalServerException' };
      sendBedrockError({ ...options, ...mapped });
    },
    streamHeaders: (requestId) => ({ 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': requestId, 'x-amzn-bedrock-content-type': 'application/json' }),
    formatEvent(streamEvent: StreamEvent) {
      const data: Record<string, unknown> = { ...streamEvent.data };
      const usage = (data.message as { usage?: { input_tokens?: number } } | undefined)?.usage ?? (data.usage as { output_tokens?: number } | undefined);
      if (data.type === 'message_start') inputTokens = (usage as { input_tokens?: number } | undefined)?.input_tokens ?? 0;
      if (data.type === 'message_delta') outputTokens = (usage as { output_tokens?: number } | undefined)?.output_tokens ?? outputTokens;
      if (data.type === 'message_stop') {
        const latency = Date.now() - started;
        data['amazon-bedrock-invocationMetrics'] = { inputTokenCount: inputTokens, outputTokenCount: outputTokens, invocationLatency: latency, firstByteLatency: latency };
      }
      const bytes = Buffer.from(JSON.stringify(data)).toString('base64');
      const payload = Buffer.from(JSON.stringify({ bytes }));
      return encodeEventStreamMessage({ ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' }, payload);
    },
    formatStreamError(error) {
      const exception = error.type.endsWith('Exception') ? error.type : (STREAM_EXCEPTION_BY_TYPE[error.type] ?? 'modelStreamErrorException');
      const body = exception === 'modelStreamErrorException' ? { message: error.message, originalStatusCode: 529, originalMessage: error.message } : { message: error.message };
      return encodeEventStreamMessage({ ':exception-type': exception, ':content-type': 'application/json', ':message-type': 'exception' }, Buffer.from(JSON.stringify(body)));
    },
  };
}
