import type { IncomingMessage } from 'node:http';

/** A request body read whole, or why it was not. */
export type RequestBody = { kind: 'read'; text: string } | { kind: 'too-large' } | { kind: 'timeout' } | { kind: 'aborted' };

/**
 * Reads a request body up to `maxBytes`, refusing at once one whose Content-Length says it is larger and stopping
 * at the first byte past the limit for one sent in chunks: the server never holds more than the limit. A body
 * still incomplete after `timeoutMs` (a client that stalls, or trickles bytes to hold a connection) is given up.
 */
export function readRequestBody(request: IncomingMessage, options: { maxBytes: number; timeoutMs: number }): Promise<RequestBody> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes) return Promise.resolve({ kind: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (body: RequestBody) => {
      clearTimeout(timer);
      request.off('data', onData).off('end', onEnd).off('error', onAborted).off('close', onAborted);
      if (body.kind !== 'read') request.pause();
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) return finish({ kind: 'too-large' });
      chunks.push(chunk);
    };
    const onEnd = () => finish({ kind: 'read', text: Buffer.concat(chunks).toString('utf8') });
    const onAborted = () => finish({ kind: 'aborted' });
    const timer = setTimeout(() => finish({ kind: 'timeout' }), options.timeoutMs);
    request.on('data', onData).once('end', onEnd).once('error', onAborted).once('close', onAborted);
  });
}
