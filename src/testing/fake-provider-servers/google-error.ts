import type { ServerResponse } from 'node:http';
import { sendJson } from '../fake-messages-server/send-json.ts';

const STATUS_NAME: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Sends Google's error envelope, `{ error: { code, message, status } }`, as Vertex AI answers platform errors. */
export function sendGoogleError(options: { response: ServerResponse; requestId: string; status: number; message: string; retryAfterSeconds?: number }): void {
  const headers: Record<string, string> = {};
  if (options.retryAfterSeconds !== undefined) headers['retry-after'] = String(options.retryAfterSeconds);
  sendJson({
    response: options.response,
    status: options.status,
    requestId: options.requestId,
    headers,
    body: { error: { code: options.status, message: options.message, status: STATUS_NAME[options.status] ?? 'UNKNOWN' } },
  });
}
