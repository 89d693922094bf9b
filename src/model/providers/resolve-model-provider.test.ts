import { describe, expect, it } from 'vitest';
import { CodevError } from '../../errors/codev-error.ts';
import { createBedrockProvider } from './bedrock-provider.ts';
import { createFoundryProvider } from './foundry-provider.ts';
import { resolveModelProvider } from './resolve-model-provider.ts';
import { createVertexProvider } from './vertex-provider.ts';

const codeOf = (run: () => unknown): string | undefined => {
  try {
    run();
  } catch (error) {
    return CodevError.isInstance(error) ? error.code : 'not a CodevError';
  }
  return undefined;
};

describe('resolveModelProvider', () => {
  it('a string is the model id of the default provider, as before', () => {
    const { provider, model } = resolveModelProvider({ settings: 'claude-opus-4-6', env: { ANTHROPIC_API_KEY: 'sk-test' } });
    expect(provider.name).toBe('anthropic');
    expect(model).toBe('claude-opus-4-6');
    expect(provider.label).toBe('the Anthropic API');
  });

  it('explicit settings win over CODEV_PROVIDER/CODEV_MODEL, which win over the config, which wins over the defaults', () => {
    const env = { CODEV_PROVIDER: 'vertex', CODEV_MODEL: 'claude-haiku-4-5', ANTHROPIC_VERTEX_PROJECT_ID: 'p1', AWS_REGION: 'ap-south-1' };
    const configModel = { provider: 'foundry' as const, id: 'claude-opus-4-6', resource: 'r1' };
    expect(resolveModelProvider({ settings: { provider: 'bedrock', id: 'claude-sonnet-4-6' }, env, configModel })).toMatchObject({ provider: { name: 'bedrock', region: 'ap-south-1' }, model: 'claude-sonnet-4-6' });
    expect(resolveModelProvider({ env, configModel })).toMatchObject({ provider: { name: 'vertex' }, model: 'claude-haiku-4-5' });
    expect(resolveModelProvider({ env: { ANTHROPIC_FOUNDRY_API_KEY: 'k' }, configModel })).toMatchObject({ provider: { name: 'foundry', label: 'Microsoft Foundry (r1)' }, model: 'claude-opus-4-6' });
    expect(resolveModelProvider({ env: { ANTHROPIC_API_KEY: 'k' } })).toMatchObject({ provider: { name: 'anthropic' }, model: 'claude-sonnet-4-6' });
  });

  it("the config's settings go only to their own provider", () => {
    const { provider } = resolveModelProvider({ settings: { provider: 'vertex' }, env: { ANTHROPIC_VERTEX_PROJECT_ID: 'p1' }, configModel: { provider: 'bedrock', region: 'eu-west-3' } });
    expect(provider.region).toBe('global');
    const same = resolveModelProvider({ settings: { id: 'claude-haiku-4-5' }, env: {}, configModel: { provider: 'bedrock', region: 'eu-west-3' } });
    // An explicit object without a provider is the provider's the config names.
    expect(same.provider.name).toBe('bedrock');
    expect(same.provider.region).toBe('eu-west-3');
  });

  it('regions: the setting, then the provider SDK\'s variables, then the defaults', () => {
    expect(resolveModelProvider({ settings: { provider: 'bedrock' }, env: { AWS_DEFAULT_REGION: 'eu-central-1' } }).provider.region).toBe('eu-central-1');
    expect(resolveModelProvider({ settings: { provider: 'bedrock' }, env: {} }).provider.label).toBe('Amazon Bedrock (us-east-1)');
    expect(resolveModelProvider({ settings: { provider: 'vertex', projectId: 'p' }, env: { CLOUD_ML_REGION: 'us-east5' } }).provider.label).toBe('Google Vertex AI (p, us-east5)');
  });

  it('an unknown provider is CONFIG_INVALID with a suggestion', () => {
    expect(codeOf(() => resolveModelProvider({ env: { CODEV_PROVIDER: 'bedrok' } }))).toBe('CONFIG_INVALID');
    try {
      resolveModelProvider({ env: { CODEV_PROVIDER: 'bedrok' } });
    } catch (error) {
      expect((error as CodevError).field).toBe('CODEV_PROVIDER');
      expect((error as CodevError).message).toContain('"bedrock"');
    }
  });

  it('nothing to talk to is MODEL_NOT_CONFIGURED naming the setting and the variable', () => {
    expect(codeOf(() => resolveModelProvider({ env: {} }))).toBe('MODEL_NOT_CONFIGURED');
    expect(codeOf(() => resolveModelProvider({ settings: { provider: 'foundry' }, env: { ANTHROPIC_FOUNDRY_API_KEY: 'k' } }))).toBe('MODEL_NOT_CONFIGURED');
    expect(codeOf(() => resolveModelProvider({ settings: { provider: 'foundry', resource: 'r' }, env: {} }))).toBe('MODEL_NOT_CONFIGURED');
    try {
      createFoundryProvider({ settings: { provider: 'foundry', resource: 'r' }, env: {} });
    } catch (error) {
      expect((error as CodevError).field).toBe('model.apiKey');
      expect((error as CodevError).hint).toContain('ANTHROPIC_FOUNDRY_API_KEY');
    }
  });

  it('apiKey and baseURL (createAgent\'s) go to the resolved provider', () => {
    const { provider } = resolveModelProvider({ settings: { provider: 'foundry' }, apiKey: 'k', baseURL: 'http://127.0.0.1:9/anthropic', env: {} });
    expect(provider.label).toBe('Microsoft Foundry (http://127.0.0.1:9/anthropic)');
  });
});

describe('the model table of a provider', () => {
  it("maps codev's ids to the provider's, finds either, and merges the settings' models and capabilities", () => {
    const { provider } = resolveModelProvider({
      settings: { provider: 'bedrock', capabilities: { thinking: false }, models: { 'claude-sonnet-4-6': { providerId: 'eu.anthropic.claude-sonnet-4-6', price: { input: 3.3, output: 16.5 } }, 'my-model': { providerId: 'arn:my-model', capabilities: { pdfs: false } } } },
      env: {},
    });
    expect(provider.wireModelId('claude-sonnet-4-6')).toBe('eu.anthropic.claude-sonnet-4-6');
    expect(provider.wireModelId('unknown-model')).toBe('unknown-model');
    expect(provider.findModel('arn:my-model')?.id).toBe('my-model');
    expect(provider.price('eu.anthropic.claude-sonnet-4-6')).toEqual({ input: 3.3, output: 16.5 });
    expect(provider.capabilities('my-model')).toMatchObject({ pdfs: false, thinking: false, promptCaching: true });
    expect(provider.models().map((entry) => entry.id)).toEqual(expect.arrayContaining(['claude-sonnet-4-6', 'my-model']));
  });

  it('cache keys differ by provider and settings and hold no secret', () => {
    const a = resolveModelProvider({ settings: { provider: 'foundry', resource: 'r', apiKey: 'secret-key-one' }, env: {} }).provider.cacheKey;
    const b = resolveModelProvider({ settings: { provider: 'foundry', resource: 'r', apiKey: 'secret-key-two' }, env: {} }).provider.cacheKey;
    const c = resolveModelProvider({ settings: { provider: 'bedrock', region: 'eu-west-1' }, env: { AWS_SECRET_ACCESS_KEY: 'aws-secret-three', AWS_ACCESS_KEY_ID: 'AKIA3' } }).provider.cacheKey;
    expect(a).not.toBe(b);
    expect(`${a}${b}${c}`).not.toMatch(/secret-key-one|secret-key-two|aws-secret-three/);
    expect(resolveModelProvider({ settings: { provider: 'foundry', resource: 'r', apiKey: 'secret-key-one' }, env: {} }).provider.cacheKey).toBe(a);
  });
});

describe('a provider whose SDK package is not installed', () => {
  const missing = () => Promise.reject(Object.assign(new Error("Cannot find package '@anthropic-ai/x'"), { code: 'ERR_MODULE_NOT_FOUND' }));
  it.each([
    ['bedrock', () => createBedrockProvider({ settings: { provider: 'bedrock' }, env: {}, load: missing }), '@anthropic-ai/bedrock-sdk@1.2.1'],
    ['vertex', () => createVertexProvider({ settings: { provider: 'vertex', projectId: 'p' }, env: {}, load: missing }), '@anthropic-ai/vertex-sdk@1.1.5'],
    ['foundry', () => createFoundryProvider({ settings: { provider: 'foundry', resource: 'r', apiKey: 'k' }, env: {}, load: missing }), '@anthropic-ai/foundry-sdk@1.1.1'],
  ])('%s: MODEL_PROVIDER_UNAVAILABLE with the install command', async (_name, create, install) => {
    const error = await create()
      .createClient({ maxRetries: 0 })
      .then(() => undefined, (thrown: unknown) => thrown);
    expect(CodevError.isInstance(error) && error.code).toBe('MODEL_PROVIDER_UNAVAILABLE');
    expect((error as CodevError).hint).toBe(`npm install ${install}`);
  });
});
