import type { ServerResponse } from 'node:http';
import { sendJson } from './send-json.ts';

/**
 * Ends `response` with the API's error envelope, `{ type: 'error', error: { type, message }, request_id }`, plus
 * `retry-after` and `x-should-retry` headers when given.
 */
export function sendError(options: {
  response: ServerResponse;
  requestId: string;
  status: number;
  type: string;
  message: string;
  retryAfterSeconds?: number;
  shouldRetry?: boolean;
}): void {
  const headers: Record<string, string> = {};
  if (options.retryAfterSeconds !== undefined) headers['retry-after'] = String(options.retryAfterSeconds);
  if (options.shouldRetry !== undefined) headers['x-should-retry'] = String(options.shouldRetry);
  sendJson({
    response: options.response,
    status: options.status,
    requestId: options.requestId,
    headers,
    body: { type: 'error', error: { type: options.type, message: options.message }, request_id: options.requestId },
  });
}
