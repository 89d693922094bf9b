import type Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLoopbackGoogleCredentials } from '../model/providers/test-fixtures/loopback-google-credentials.ts';
import { resolveModelProvider } from '../model/providers/resolve-model-provider.ts';
import { startProviderLoopbackServer } from '../model/providers/test-fixtures/provider-loopback-server.ts';
import type { ModelSettings } from '../model/providers/types.ts';
import { requestModelTurn, type ModelTurnOutcome } from './request-model-turn.ts';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  for (const close of closers.splice(0)) await close();
});

const policy = { maxRetries: 0, maxRetryWaitMs: 0, retryBaseDelayMs: 0, streamIdleTimeoutMs: 0 };
const quietAws = { AWS_EC2_METADATA_DISABLED: 'true', AWS_ACCESS_KEY_ID: 'AKIALOOPBACKTEST0002', AWS_SECRET_ACCESS_KEY: 'loopback-secret-never-shown' };

/** One turn through the agent's request path against a server answering `status`. */
async function failingTurn(settings: ModelSettings, env: Record<string, string>, status: number, message: string) {
  const server = await startProviderLoopbackServer({ error: { status, body: { message, type: 'error' } } });
  closers.push(() => server.close());
  if (settings.provider === 'vertex') closers.push(await useLoopbackGoogleCredentials({ tokenServerUrl: server.url, projectId: settings.projectId ?? 'p' }));
  const { provider, model } = resolveModelProvider({ settings: { ...settings, baseURL: `${server.url}${settings.baseURL ?? ''}` }, env });
  const client = await provider.createClient({ maxRetries: 0 });
  const params = { model: provider.wireModelId(model), max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] } as Anthropic.MessageCreateParamsNonStreaming;
  const turn = requestModelTurn({ client, params, signal: new AbortController().signal, policy });
  let step = await turn.next();
  while (!step.done) step = await turn.next();
  const outcome = step.value as ModelTurnOutcome;
  if (outcome.type !== 'error') throw new Error(`expected an error, got ${outcome.type}`);
  return outcome.error;
}

describe('model errors name the provider', () => {
  it('Bedrock 403: the region, the model and where to enable it; the code stays MODEL_AUTHENTICATION_FAILED', async () => {
    const error = await failingTurn({ provider: 'bedrock', region: 'eu-west-1', models: { 'claude-sonnet-4-6': { providerId: 'anthropic.claude-sonnet-4-6' } } }, quietAws, 403, "You don't have access to the model with the specified model ID.");
    expect(error.code).toBe('MODEL_AUTHENTICATION_FAILED');
    expect(error.message).toContain('Amazon Bedrock (eu-west-1');
    expect(error.message).toContain('anthropic.claude-sonnet-4-6');
    expect(error.message).toContain('Bedrock console for eu-west-1');
    expect(error.message).not.toContain('loopback-secret-never-shown');
  });

  it('Bedrock 404: MODEL_REQUEST_FAILED with the region', async () => {
    const error = await failingTurn({ provider: 'bedrock', region: 'ap-northeast-1' }, quietAws, 404, 'Could not resolve the foundation model');
    expect(error.code).toBe('MODEL_REQUEST_FAILED');
    expect(error.message).toContain('Amazon Bedrock (ap-northeast-1');
  });

  it('Vertex 404: the project and the region, and Model Garden', async () => {
    const error = await failingTurn({ provider: 'vertex', projectId: 'acme-ml', region: 'europe-west1', baseURL: '/v1' }, {}, 404, 'Publisher Model was not found');
    expect(error.code).toBe('MODEL_REQUEST_FAILED');
    expect(error.message).toContain('Google Vertex AI (acme-ml, europe-west1');
    expect(error.message).toContain('Model Garden');
  });

  it('Foundry 401: the resource and the key variable, never the key', async () => {
    const error = await failingTurn({ provider: 'foundry', baseURL: '/anthropic/' }, { ANTHROPIC_FOUNDRY_API_KEY: 'foundry-key-never-shown' }, 401, 'invalid key');
    expect(error.code).toBe('MODEL_AUTHENTICATION_FAILED');
    expect(error.message).toContain('Microsoft Foundry (');
    expect(error.message).toContain('ANTHROPIC_FOUNDRY_API_KEY');
    expect(error.message).not.toContain('foundry-key-never-shown');
  });

  it('an Anthropic-compatible server keeps its messages', async () => {
    const error = await failingTurn({}, { ANTHROPIC_API_KEY: 'sk-never-shown' }, 401, 'bad key');
    expect(error.code).toBe('MODEL_AUTHENTICATION_FAILED');
    expect(error.message).toContain('ANTHROPIC_API_KEY');
    expect(error.message).not.toContain('sk-never-shown');
  });
});
