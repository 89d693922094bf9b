import { describe, expect, it } from 'vitest';
import { resolveModelsSettings } from './resolve-models-settings.ts';

describe('resolveModelsSettings', () => {
  it('defaults: the Anthropic API and claude-sonnet-4-6, no region', () => {
    expect(resolveModelsSettings({ configModel: undefined, env: {} })).toEqual({ provider: 'anthropic', defaultModel: 'claude-sonnet-4-6', settings: {} });
  });

  it('as codev run: the command line, then the environment, then the config', () => {
    const config = { provider: 'vertex', id: 'claude-opus-4-6', region: 'europe-west1' };
    expect(resolveModelsSettings({ configModel: config, env: {} })).toMatchObject({ provider: 'vertex', region: 'europe-west1', defaultModel: 'claude-opus-4-6', settings: config });
    expect(resolveModelsSettings({ configModel: config, env: { CODEV_MODEL: 'claude-opus-5-5' } })).toMatchObject({ provider: 'vertex', defaultModel: 'claude-opus-5-5' });
    // A config for Vertex lends its region and settings to no other provider; its model id stays the default.
    expect(resolveModelsSettings({ configModel: config, env: { CODEV_PROVIDER: 'foundry' } })).toEqual({ provider: 'foundry', defaultModel: 'claude-opus-4-6', settings: {} });
    expect(resolveModelsSettings({ provider: 'bedrock', region: 'eu-west-1', configModel: config, env: { CODEV_PROVIDER: 'foundry' } })).toMatchObject({ provider: 'bedrock', region: 'eu-west-1', settings: {} });
    expect(resolveModelsSettings({ configModel: 'claude-haiku-4-5', env: {} })).toMatchObject({ provider: 'anthropic', defaultModel: 'claude-haiku-4-5', settings: { id: 'claude-haiku-4-5' } });
  });

  it("the region as the providers' SDKs read it", () => {
    expect(resolveModelsSettings({ provider: 'bedrock', configModel: undefined, env: {} }).region).toBe('us-east-1');
    expect(resolveModelsSettings({ provider: 'bedrock', configModel: undefined, env: { AWS_DEFAULT_REGION: 'eu-central-1' } }).region).toBe('eu-central-1');
    expect(resolveModelsSettings({ provider: 'bedrock', configModel: undefined, env: { AWS_REGION: 'ap-south-1', AWS_DEFAULT_REGION: 'eu-central-1' } }).region).toBe('ap-south-1');
    expect(resolveModelsSettings({ provider: 'vertex', configModel: undefined, env: {} }).region).toBe('global');
    expect(resolveModelsSettings({ provider: 'vertex', configModel: undefined, env: { CLOUD_ML_REGION: 'us-east5' } }).region).toBe('us-east5');
    expect(resolveModelsSettings({ provider: 'foundry', configModel: undefined, env: { AWS_REGION: 'us-east-1' } }).region).toBeUndefined();
  });

  it('an unknown provider is CLI_USAGE, from wherever it came', () => {
    expect(() => resolveModelsSettings({ provider: 'azure', configModel: undefined, env: {} })).toThrow(expect.objectContaining({ code: 'CLI_USAGE', field: '--provider' }));
    expect(() => resolveModelsSettings({ configModel: undefined, env: { CODEV_PROVIDER: 'openai' } })).toThrow(expect.objectContaining({ code: 'CLI_USAGE', field: 'CODEV_PROVIDER' }));
    expect(() => resolveModelsSettings({ configModel: { provider: 'gcp' }, env: {} })).toThrow(expect.objectContaining({ code: 'CLI_USAGE' }));
  });
});
