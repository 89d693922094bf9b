import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serializedMessageStreams } from '../serialized-message-streams.ts';
import { resolveModelProvider } from './resolve-model-provider.ts';
import { useLoopbackGoogleCredentials } from './test-fixtures/loopback-google-credentials.ts';
import { startProviderLoopbackServer } from './test-fixtures/provider-loopback-server.ts';
import type { ModelSettings } from './types.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const close of closers.splice(0)) await close();
});

async function server(options: Parameters<typeof startProviderLoopbackServer>[0] = {}) {
  const started = await startProviderLoopbackServer(options);
  closers.push(() => started.close());
  return started;
}

/** One streamed request through codev's serialized-body path (as the agent makes it), to its final message. */
async function ask(settings: ModelSettings, env: Record<string, string>) {
  const { provider, model } = resolveModelProvider({ settings, env });
  const client = await provider.createClient({ maxRetries: 0 });
  const streams = await serializedMessageStreams(client);
  // The provider's client is the SDK's own class underneath: codev's serialized path drives it.
  expect(streams).toBeDefined();
  const params: Anthropic.MessageCreateParams = { model: provider.wireModelId(model), max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] };
  const message = await streams!(params, {}).finalMessage();
  return { provider, message };
}

const quietAws = { AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: 'AKIALOOPBACKTEST0001', AWS_SECRET_ACCESS_KEY: 'loopback-secret-access-key' };

describe('provider clients against a loopback server', () => {
  it('Bedrock: SigV4-signed, the model in the path, the version in the body, the event stream read back', async () => {
    const bedrock = await server({ eventStream: true, text: 'from bedrock' });
    const { provider, message } = await ask(
      { provider: 'bedrock', region: 'eu-west-1', baseURL: bedrock.url, models: { 'claude-sonnet-4-6': { providerId: 'eu.anthropic.claude-sonnet-4-6' } } },
      quietAws,
    );
    expect(message.content).toEqual([{ type: 'text', text: 'from bedrock', citations: undefined }].map(({ citations, ...block }) => (void citations, block)));
    const request = bedrock.requests[0]!;
    expect(request.path).toBe('/model/eu.anthropic.claude-sonnet-4-6/invoke-with-response-stream');
    expect(request.body.model).toBeUndefined();
    expect(request.body.stream).toBeUndefined();
    // The version the SDK would have sent as a header goes in the body (Bedrock's runtime API takes it there).
    expect(request.body.anthropic_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request.headers['anthropic-version']).toBeUndefined();
    expect(request.body.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(String(request.headers.authorization)).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIALOOPBACKTEST0001\/\d{8}\/eu-west-1\/bedrock\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/);
    expect(provider.label).toContain('eu-west-1');
  });

  it('Bedrock with an API key: a bearer token, no signature', async () => {
    const bedrock = await server({ eventStream: true });
    await ask({ provider: 'bedrock', region: 'us-west-2', baseURL: bedrock.url }, { ...quietAws, AWS_BEARER_TOKEN_BEDROCK: 'bedrock-api-key-loopback' });
    expect(bedrock.requests[0]!.headers.authorization).toBe('Bearer bedrock-api-key-loopback');
    expect(bedrock.requests[0]!.path).toBe('/model/global.anthropic.claude-sonnet-4-6/invoke-with-response-stream');
  });

  it('Vertex: :streamRawPredict under the project and region, the token from Google credentials (an external account whose token_url is loopback)', async () => {
    const vertex = await server({ text: 'from vertex' });
    closers.push(await useLoopbackGoogleCredentials({ tokenServerUrl: vertex.url, projectId: 'codev-project' }));
    const { message, provider } = await ask({ provider: 'vertex', region: 'us-east5', baseURL: `${vertex.url}/v1` }, { ANTHROPIC_VERTEX_PROJECT_ID: 'codev-project' });
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'from vertex' });
    const request = vertex.requests[0]!;
    expect(request.path).toBe('/v1/projects/codev-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-6:streamRawPredict');
    expect(request.body.model).toBeUndefined();
    expect(request.body.anthropic_version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request.headers.authorization).toBe('Bearer ya29.loopback-token');
    expect(provider.label).toContain('us-east5');
  });

  it('Foundry: the key in its header, /v1/messages under the base URL', async () => {
    const foundry = await server({ text: 'from foundry' });
    const { message } = await ask({ provider: 'foundry', baseURL: `${foundry.url}/anthropic/` }, { ANTHROPIC_FOUNDRY_API_KEY: 'foundry-key-loopback' });
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'from foundry' });
    const request = foundry.requests[0]!;
    expect(request.path).toBe('/anthropic/v1/messages');
    expect(request.body).toMatchObject({ model: 'claude-sonnet-4-6', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    expect(JSON.stringify(request.headers)).toContain('foundry-key-loopback');
  });

  it('Anthropic-compatible: /v1/messages with the key', async () => {
    const compatible = await server({ text: 'from a compatible server' });
    const { message, provider } = await ask({ baseURL: compatible.url, apiKey: 'sk-loopback' }, {});
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'from a compatible server' });
    expect(compatible.requests[0]!).toMatchObject({ path: '/v1/messages', body: { model: 'claude-sonnet-4-6', stream: true } });
    expect(compatible.requests[0]!.headers.authorization).toBe('Bearer sk-loopback');
    expect(provider.label).toBe(compatible.url);
  });
});
