import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { encodeEventStreamMessage } from '../../src/testing/fake-provider-servers/encode-event-stream-message.ts';
import { listenOnLoopback, type LoopbackServer } from '../../src/testing/listen-on-loopback.ts';
import { replyEvents } from '../../src/model/providers/test-fixtures/provider-loopback-server.ts';

// A Bedrock event stream damaged on the wire: a frame whose CRC is wrong, a frame torn off mid-way, a prelude whose
// length lies (huge), a stall after the headers. Each ends the query with a stream error (never a hang, never a
// half reply kept as the answer), within the stream idle timeout when the server holds the connection.

const env = { AWS_EC2_METADATA_DISABLED: 'true', AWS_BEARER_TOKEN_BEDROCK: 'attack-b-bedrock-key' };
type Fault = 'bad-crc' | 'torn' | 'huge-length-then-end' | 'huge-length-then-stall' | 'stall-after-headers';

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const frame = (event: Record<string, unknown>) => encodeEventStreamMessage({ ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' }, Buffer.from(JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString('base64') })));

function damaged(fault: Fault, response: ServerResponse): void {
  const [start, blockStart, delta] = replyEvents('half a reply').map(frame);
  response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
  response.write(Buffer.concat([start!, blockStart!]));
  if (fault === 'stall-after-headers') return;
  if (fault === 'bad-crc') {
    const bad = Buffer.from(delta!);
    bad.writeUInt32BE((bad.readUInt32BE(bad.length - 4) ^ 0xffffffff) >>> 0, bad.length - 4);
    response.end(bad);
  } else if (fault === 'torn') {
    response.end(delta!.subarray(0, Math.floor(delta!.length / 2)));
  } else {
    const lying = Buffer.from(delta!);
    lying.writeUInt32BE(0xfffffff0, 0);
    if (fault === 'huge-length-then-end') response.end(lying.subarray(0, 64));
    else response.write(lying.subarray(0, 64));
  }
}

async function run(fault: Fault) {
  let requests = 0;
  server = await listenOnLoopback({
    async handle(request, response) {
      for await (const chunk of request) void chunk;
      requests++;
      damaged(fault, response);
    },
  });
  const agent = createAgent({ model: { provider: 'bedrock', baseURL: server.url }, env, persistSession: false, maxRetries: 1, retryBaseDelayMs: 1, streamIdleTimeoutMs: 300, tools: [] });
  const events: AgentEvent[] = [];
  try {
    for await (const event of agent.query('hello')) events.push(event);
    return { events, messages: agent.messages, requests };
  } finally {
    await agent.close();
  }
}

describe('a Bedrock event stream damaged on the wire', () => {
  it.each<[Fault, string]>([
    ['bad-crc', 'MODEL_STREAM_BROKEN'],
    ['torn', 'MODEL_STREAM_BROKEN'],
    ['huge-length-then-end', 'MODEL_STREAM_BROKEN'],
    ['huge-length-then-stall', 'MODEL_STREAM_STALLED'],
    ['stall-after-headers', 'MODEL_STREAM_STALLED'],
  ])('%s: the query ends with %s, retried once, no half reply kept', async (fault, code) => {
    const { events, messages, requests } = await run(fault);
    const error = events.find((event) => event.type === 'error');
    expect(error).toMatchObject({ error: { code } });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
    expect(events.filter((event) => event.type === 'retry')).toHaveLength(1);
    expect(requests).toBe(2);
    expect(JSON.stringify(messages)).not.toContain('half a reply');
  });
});
