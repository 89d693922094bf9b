import type { ServerResponse } from 'node:http';

/** Ends `response` with a JSON body, the given status and a `request-id` header. */
export function sendJson(options: {
  response: ServerResponse;
  status: number;
  body: unknown;
  requestId: string;
  headers?: Record<string, string>;
}): void {
  const text = JSON.stringify(options.body);
  options.response.writeHead(options.status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    'request-id': options.requestId,
    ...options.headers,
  });
  options.response.end(text);
}
