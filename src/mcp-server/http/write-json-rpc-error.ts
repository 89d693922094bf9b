import type { ServerResponse } from 'node:http';

/**
 * Answers an HTTP request with a JSON-RPC error in the shape the SDK's transport uses (`id: null`, code -32000
 * for transport errors, -32001 for an unknown session, -32700 for a parse error), unless an answer has started.
 */
export function writeJsonRpcError(response: ServerResponse, options: { status: number; code: number; message: string; headers?: Record<string, string> }): void {
  if (response.headersSent || response.destroyed) return;
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: options.code, message: options.message }, id: null });
  response.writeHead(options.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...options.headers });
  response.end(body);
}
