import { crc32 } from 'node:zlib';
import { listenOnLoopback, type LoopbackServer } from '../../../testing/listen-on-loopback.ts';

/** One request the loopback server got. */
export interface ProviderRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** The events of a short streamed reply saying `text`. */
export function replyEvents(text: string): Record<string, unknown>[] {
  return [
    { type: 'message_start', message: { id: 'msg_loopback', type: 'message', role: 'assistant', model: 'loopback', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 1 } } },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 3 } },
    { type: 'message_stop' },
  ];
}

/**
 * A minimal loopback server for the providers' clients (until codev/testing's fakes cover them): records each
 * request and answers it with `reply` (status, and a stream as SSE, or as AWS event-stream frames with
 * `eventStream`, Bedrock's framing), or an error `{ status, body }`; `beforeAnswer` holds the answer back (a barrier).
 */
export async function startProviderLoopbackServer(options: { eventStream?: boolean; error?: { status: number; body: unknown }; text?: string; tokenAnswer?: Record<string, unknown>; beforeAnswer?: (request: ProviderRequest) => Promise<void> }): Promise<LoopbackServer & { requests: ProviderRequest[] }> {
  const requests: ProviderRequest[] = [];
  const server = await listenOnLoopback({
    async handle(request, response) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      // A token endpoint (Google's OAuth, for a service account whose token_uri is this server).
      if (request.url === '/token') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(options.tokenAnswer ?? { access_token: 'ya29.loopback-token', issued_token_type: 'urn:ietf:params:oauth:token-type:access_token', expires_in: 3600, token_type: 'Bearer' }));
        return;
      }
      const recorded: ProviderRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
      requests.push(recorded);
      await options.beforeAnswer?.(recorded);
      if (options.error) {
        response.writeHead(options.error.status, { 'content-type': 'application/json' }).end(JSON.stringify(options.error.body));
        return;
      }
      const events = replyEvents(options.text ?? 'hello from loopback');
      if (options.eventStream) {
        response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
        for (const event of events) response.write(eventStreamFrame({ ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' }, JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString('base64') })));
        response.end();
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const event of events) response.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
      response.end();
    },
  });
  return Object.assign(server, { requests });
}

/** One AWS event-stream message: prelude (lengths and their CRC), string headers, payload, message CRC. */
function eventStreamFrame(headers: Record<string, string>, payload: string): Buffer {
  const headerBytes = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const nameBytes = Buffer.from(name);
      const valueBytes = Buffer.from(value);
      const length = Buffer.alloc(2);
      length.writeUInt16BE(valueBytes.length);
      return Buffer.concat([Buffer.from([nameBytes.length]), nameBytes, Buffer.from([7]), length, valueBytes]);
    }),
  );
  const payloadBytes = Buffer.from(payload);
  const total = 12 + headerBytes.length + payloadBytes.length + 4;
  const prelude = Buffer.alloc(8);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(headerBytes.length, 4);
  const preludeCrc = Buffer.alloc(4);
  preludeCrc.writeUInt32BE(crc32(prelude));
  const message = Buffer.concat([prelude, preludeCrc, headerBytes, payloadBytes]);
  const messageCrc = Buffer.alloc(4);
  messageCrc.writeUInt32BE(crc32(message));
  return Buffer.concat([message, messageCrc]);
}
