import { describe, expect, it } from 'vitest';
import { resolveModelsSettings } from './resolve-models-settings.ts';

describe('resolveModelsSettings', () => {
  it('defaults: the Anthropic API and claude-sonnet-4-6, no region', () => {
    expect(resolveModelsSettings({ configModel: undefined, env: {} })).toEqual({ provider: 'anthropic', defaultModel: 'claude-sonnet-4-6', settings: {} });
  });

  it('the command line, then the config, then the environment', () => {
    const env = { CODEV_PROVIDER: 'foundry', CODEV_MODEL: 'claude-opus-5-5' };
    expect(resolveModelsSettings({ configModel: undefined, env })).toMatchObject({ provider: 'foundry', defaultModel: 'claude-opus-5-5' });
    expect(resolveModelsSettings({ configModel: { provider: 'vertex', id: 'claude-opus-4-6', region: 'europe-west1' }, env })).toMatchObject({ provider: 'vertex', region: 'europe-west1', defaultModel: 'claude-opus-4-6' });
    expect(resolveModelsSettings({ provider: 'bedrock', region: 'eu-west-1', configModel: { provider: 'vertex', region: 'europe-west1' }, env })).toMatchObject({ provider: 'bedrock', region: 'eu-west-1', defaultModel: 'claude-opus-5-5' });
    expect(resolveModelsSettings({ configModel: 'claude-haiku-4-5', env })).toMatchObject({ provider: 'foundry', defaultModel: 'claude-haiku-4-5' });
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
  });
});
