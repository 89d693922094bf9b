import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { encodeEventStreamMessage } from '../../src/testing/fake-provider-servers/encode-event-stream-message.ts';
import { listenOnLoopback, type LoopbackServer } from '../../src/testing/listen-on-loopback.ts';
import { replyEvents } from '../../src/model/providers/test-fixtures/provider-loopback-server.ts';

// A Bedrock chunk whose bytes are not JSON: the server is broken, not busy, and each retry is billed. As a stream of
// Anthropic's API whose data is not JSON, it is MODEL_STREAM_BROKEN and not retried.

const env = { AWS_EC2_METADATA_DISABLED: 'true', AWS_BEARER_TOKEN_BEDROCK: 'attack-b-bedrock-key' };
const chunk = (bytes: Buffer) => encodeEventStreamMessage({ ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' }, Buffer.from(JSON.stringify({ bytes: bytes.toString('base64') })));

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('a Bedrock chunk that is not JSON', () => {
  it('ends the query with MODEL_STREAM_BROKEN, not retried', async () => {
    let requests = 0;
    server = await listenOnLoopback({
      async handle(request, response) {
        for await (const part of request) void part;
        requests++;
        const [start] = replyEvents('x');
        response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
        response.end(Buffer.concat([chunk(Buffer.from(JSON.stringify(start))), chunk(Buffer.from('{"type": "content_block_start", broken'))]));
      },
    });
    const agent = createAgent({ model: { provider: 'bedrock', baseURL: server.url }, env, persistSession: false, maxRetries: 2, retryBaseDelayMs: 1, tools: [] });
    const events: AgentEvent[] = [];
    try {
      for await (const event of agent.query('hello')) events.push(event);
    } finally {
      await agent.close();
    }
    expect(events.find((event) => event.type === 'error')).toMatchObject({ error: { code: 'MODEL_STREAM_BROKEN', retryable: false } });
    expect(events.filter((event) => event.type === 'retry')).toHaveLength(0);
    expect(requests).toBe(1);
  });
});
