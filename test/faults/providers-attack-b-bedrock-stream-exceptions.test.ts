import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/agent/create-agent.ts';
import type { AgentEvent } from '../../src/agent/types.ts';
import { createFakeBedrockServer, textReply, type FakeProviderServer } from '../../src/testing/index.ts';

// Bedrock reports a failure after the 200 as an event-stream `exception` frame (internalServerException,
// modelStreamErrorException, throttlingException, serviceUnavailableException); the Bedrock SDK turns it into an
// SSE `error` event typed by the exception. The same failures on Anthropic's API (api_error, overloaded_error,
// rate_limit_error) are retried: on Bedrock they must be too, with the same codes, and the transcript must hold
// the reply once.

const quietAws = { AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: 'AKIAATTACKB00000001', AWS_SECRET_ACCESS_KEY: 'attack-b-secret' };

let server: FakeProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function runAgainst(streamError: { type: string; message: string }) {
  server = await createFakeBedrockServer({
    accessKeyId: quietAws.AWS_ACCESS_KEY_ID,
    secretAccessKey: quietAws.AWS_SECRET_ACCESS_KEY,
    script: [{ content: [{ type: 'text', text: 'half a reply that must not stay' }], failAfterEvents: 4, streamError }, textReply('whole reply')],
  });
  const agent = createAgent({ model: { provider: 'bedrock', baseURL: server.url }, env: quietAws, persistSession: false, maxRetries: 2, retryBaseDelayMs: 1, tools: [] });
  const events: AgentEvent[] = [];
  try {
    for await (const event of agent.query('hello')) events.push(event);
    return { events, messages: agent.messages };
  } finally {
    await agent.close();
  }
}

describe('Bedrock exception frames mid-stream', () => {
  it.each([
    ['internalServerException (api_error)', { type: 'api_error', message: 'internal' }, 'MODEL_STREAM_BROKEN'],
    ['modelStreamErrorException (overloaded_error)', { type: 'overloaded_error', message: 'Overloaded' }, 'MODEL_OVERLOADED'],
    ['throttlingException', { type: 'throttlingException', message: 'Too many requests' }, 'MODEL_RATE_LIMITED'],
    ['serviceUnavailableException', { type: 'serviceUnavailableException', message: 'Service unavailable' }, 'MODEL_OVERLOADED'],
  ])('%s is retried with its code, and the reply is kept once', async (_name, streamError, code) => {
    const { events, messages } = await runAgainst(streamError);
    const retries = events.filter((event) => event.type === 'retry');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatchObject({ error: { code } });
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'end_turn' });
    expect(server!.requests).toHaveLength(2);
    const assistant = messages.filter((message) => message.role === 'assistant');
    expect(JSON.stringify(assistant)).not.toContain('half a reply');
    expect(assistant).toHaveLength(1);
  });

  it('validationException mid-stream is a refusal: not retried', async () => {
    const { events } = await runAgainst({ type: 'validationException', message: 'bad input' });
    expect(events.filter((event) => event.type === 'retry')).toHaveLength(0);
    expect(events.at(-1)).toMatchObject({ type: 'end', reason: 'error' });
    expect(server!.requests).toHaveLength(1);
  });
});
