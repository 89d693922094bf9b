import { AnthropicBedrock, AnthropicBedrockMantle } from '@anthropic-ai/bedrock-sdk';
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { errorReply, textReply, toolUseReply } from '../fake-messages-server/fake-reply.ts';
import { createFakeBedrockServer } from './create-fake-bedrock-server.ts';
import type { FakeBedrockServerOptions, FakeProviderServer } from './types.ts';

const ACCESS_KEY = 'AKIDFAKEBEDROCKTEST';
const SECRET_KEY = 'fake-secret-key-generated-for-this-test';
const REGION = 'eu-west-3';
const MODEL = 'eu.anthropic.claude-sonnet-4-6-v1:0';
const USER_TURN = [{ role: 'user' as const, content: 'Weather in Paris?' }];
const WEATHER_TOOL = { name: 'get_weather', description: 'Get the weather', input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } } };

let servers: FakeProviderServer[] = [];

beforeAll(() => {
  // The AWS credential chain must never reach the instance metadata service.
  process.env.AWS_EC2_METADATA_DISABLED = 'true';
});

afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function start(options: Partial<FakeBedrockServerOptions> & Pick<FakeBedrockServerOptions, 'script'>, client: Partial<ConstructorParameters<typeof AnthropicBedrock>[0]> = {}) {
  const server = await createFakeBedrockServer({ region: REGION, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, ...options });
  servers.push(server);
  const bedrock = new AnthropicBedrock({ awsRegion: REGION, awsAccessKey: ACCESS_KEY, awsSecretKey: SECRET_KEY, apiKey: null, baseURL: server.url, maxRetries: 0, ...client } as ConstructorParameters<typeof AnthropicBedrock>[0]);
  return { server, bedrock };
}

describe('createFakeBedrockServer', () => {
  it('streams text over the event stream to a SigV4-signed InvokeModelWithResponseStream, the signature verified', async () => {
    const { server, bedrock } = await start({ script: [textReply('Sunny in Paris.')] });
    const stream = bedrock.messages.stream({ model: MODEL, max_tokens: 256, messages: USER_TURN });
    const deltas: string[] = [];
    stream.on('text', (delta) => deltas.push(delta));
    const message = await stream.finalMessage();
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe('Sunny in Paris.');
    expect(message.stop_reason).toBe('end_turn');
    const [request] = server.requests;
    expect(request?.path).toBe(`/model/${MODEL}/invoke-with-response-stream`);
    expect(request?.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY}/\\d{8}/${REGION}/bedrock/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*, Signature=[0-9a-f]{64}$`));
    const wireBody = JSON.parse(request!.rawBody);
    expect(wireBody).not.toHaveProperty('model');
    expect(wireBody).not.toHaveProperty('stream');
    expect(wireBody.anthropic_version).toEqual(expect.any(String));
    expect(request?.body).toMatchObject({ model: MODEL, stream: true });
  });

  it('streams tool use and thinking, and answers a non-streaming InvokeModel with JSON', async () => {
    const { server, bedrock } = await start({
      script: [
        { content: [{ type: 'thinking', thinking: 'Paris is in France.' }, { type: 'tool_use', name: 'get_weather', input: { city: 'Paris' } }] },
        textReply('Done.'),
      ],
    });
    const message = await bedrock.messages.stream({ model: MODEL, max_tokens: 2048, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: USER_TURN, tools: [WEATHER_TOOL] }).finalMessage();
    expect(message.content.map((block) => block.type)).toEqual(['thinking', 'tool_use']);
    expect(message.content[1]).toMatchObject({ name: 'get_weather', input: { city: 'Paris' } });
    const second = await bedrock.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    expect(second.content).toEqual([{ type: 'text', text: 'Done.', citations: null }]);
    expect(server.requests[1]?.path).toBe(`/model/${MODEL}/invoke`);
  });

  it('retries a throttled request (429 ThrottlingException) and then answers', async () => {
    const { server, bedrock } = await start({ script: [errorReply(429), textReply('After the throttle.')] }, { maxRetries: 1 });
    const message = await bedrock.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN }).finalMessage();
    expect(message.content[0]).toMatchObject({ text: 'After the throttle.' });
    expect(server.requests).toHaveLength(2);
  });

  it('sends a throttling error in Bedrock\'s envelope with x-amzn-ErrorType', async () => {
    const { bedrock } = await start({ script: [errorReply(429)] });
    const error = await bedrock.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.RateLimitError);
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).error).toEqual({ message: expect.any(String) });
    expect((error as InstanceType<typeof Anthropic.RateLimitError>).headers?.get('x-amzn-errortype')).toMatch(/^ThrottlingException:/);
  });

  it('ends a failing stream with a modelStreamErrorException the SDK surfaces as an error event', async () => {
    const { bedrock } = await start({ script: [{ content: [{ type: 'text', text: 'Half an answer that breaks' }], failAfterEvents: 3 }] });
    const stream = bedrock.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN });
    const error = await stream.finalMessage().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ type: 'error', error: { type: 'modelStreamErrorException' } });
  });

  it('refuses a wrong secret key (403 InvalidSignatureException), an unknown key id, another region and a missing signature', async () => {
    const { server } = await start({ script: [] });
    const wrongSecret = new AnthropicBedrock({ awsRegion: REGION, awsAccessKey: ACCESS_KEY, awsSecretKey: 'not-the-secret', apiKey: null, baseURL: server.url, maxRetries: 0 });
    const wrongKeyId = new AnthropicBedrock({ awsRegion: REGION, awsAccessKey: 'AKIDOTHER', awsSecretKey: SECRET_KEY, apiKey: null, baseURL: server.url, maxRetries: 0 });
    const wrongRegion = new AnthropicBedrock({ awsRegion: 'us-west-2', awsAccessKey: ACCESS_KEY, awsSecretKey: SECRET_KEY, apiKey: null, baseURL: server.url, maxRetries: 0 });
    const unsigned = new AnthropicBedrock({ awsRegion: REGION, skipAuth: true, apiKey: null, baseURL: server.url, maxRetries: 0 });
    const results = [];
    for (const client of [wrongSecret, wrongKeyId, wrongRegion, unsigned]) {
      const error = await client.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(Anthropic.PermissionDeniedError);
      results.push((error as InstanceType<typeof Anthropic.APIError>).headers?.get('x-amzn-errortype')?.split(':')[0]);
    }
    expect(results).toEqual(['InvalidSignatureException', 'UnrecognizedClientException', 'InvalidSignatureException', 'MissingAuthenticationTokenException']);
  });

  it('accepts a Bedrock API key as a bearer token and refuses a wrong one', async () => {
    const { server } = await start({ script: [textReply('Keyed.')], apiKey: 'bedrock-api-key-test' });
    const keyed = new AnthropicBedrock({ awsRegion: REGION, apiKey: 'bedrock-api-key-test', baseURL: server.url, maxRetries: 0 });
    expect((await keyed.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN })).content[0]).toMatchObject({ text: 'Keyed.' });
    expect(server.requests[0]?.headers.authorization).toBe('Bearer bedrock-api-key-test');
    const wrong = new AnthropicBedrock({ awsRegion: REGION, apiKey: 'bedrock-api-key-wrong', baseURL: server.url, maxRetries: 0 });
    await expect(wrong.messages.create({ model: MODEL, max_tokens: 64, messages: USER_TURN })).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
  });

  it('refuses a body naming the model and an unknown model id with a ValidationException', async () => {
    const { server, bedrock } = await start({ script: [], models: [MODEL] });
    const unknown = await bedrock.messages.create({ model: 'anthropic.claude-unknown', max_tokens: 64, messages: USER_TURN }).catch((caught: unknown) => caught);
    expect(unknown).toBeInstanceOf(Anthropic.BadRequestError);
    const raw = await fetch(`${server.url}/model/${encodeURIComponent(MODEL)}/invoke`, { method: 'POST', headers: { authorization: 'Bearer x' }, body: '{}' });
    expect(raw.status).toBe(403);
  });

  it('serves the Messages API endpoint (/anthropic/v1/messages) to AnthropicBedrockMantle, signed for bedrock-mantle', async () => {
    const { server } = await start({ script: [textReply('Over the Messages API.')] });
    const mantle = new AnthropicBedrockMantle({ awsRegion: REGION, awsAccessKey: ACCESS_KEY, awsSecretAccessKey: SECRET_KEY, apiKey: null, baseURL: `${server.url}/anthropic`, maxRetries: 0 } as ConstructorParameters<typeof AnthropicBedrockMantle>[0]);
    const message = await mantle.messages.stream({ model: MODEL, max_tokens: 64, messages: USER_TURN }).finalMessage();
    expect(message.content[0]).toMatchObject({ text: 'Over the Messages API.' });
    expect(server.requests[0]).toMatchObject({ path: '/anthropic/v1/messages', body: { model: MODEL, stream: true } });
    expect(server.requests[0]?.headers.authorization).toMatch(/\/eu-west-3\/bedrock-mantle\/aws4_request, /);
  });
});
