import { describe, expect, it } from 'vitest';
import { withModelFlags } from '../../cli/commands/model-flags.ts';
import { resolveModelProvider } from './resolve-model-provider.ts';

// A script or config for Bedrock names its model by Bedrock's id; `--provider vertex` (or CODEV_PROVIDER, or a
// job's provider) keeps the model but must not send Bedrock's id to Vertex: the model goes by codev's id, which
// the new provider maps to its own.
const ENV = { AWS_EC2_METADATA_DISABLED: 'true', ANTHROPIC_VERTEX_PROJECT_ID: 'p', METADATA_SERVER_DETECTION: 'none', ANTHROPIC_API_KEY: 'k' };
const BEDROCK = { provider: 'bedrock', region: 'eu-west-1', id: 'global.anthropic.claude-opus-4-6-v1' } as const;
const VERTEX = { provider: 'vertex', region: 'us-east5', id: 'claude-opus-4-5@20251101' } as const;

describe('switching provider keeps the model, not the old provider id', () => {
  it('--provider over a script for another provider', () => {
    const model = withModelFlags({ provider: 'vertex', script: BEDROCK });
    const { provider, model: id } = resolveModelProvider({ settings: model, env: ENV });
    expect(provider.name).toBe('vertex');
    expect(provider.wireModelId(id)).toBe('claude-opus-4-6');
  });

  it('CODEV_PROVIDER over a config for another provider', () => {
    const { provider, model } = resolveModelProvider({ env: { ...ENV, CODEV_PROVIDER: 'bedrock' }, configModel: VERTEX });
    expect(provider.name).toBe('bedrock');
    expect(provider.wireModelId(model)).toBe('global.anthropic.claude-opus-4-5-20251101-v1:0');
  });

  it('an id no table knows stays as written', () => {
    const { model } = resolveModelProvider({ env: { ...ENV, CODEV_PROVIDER: 'anthropic' }, configModel: { provider: 'bedrock', id: 'arn:aws:bedrock:eu-west-1:1:application-inference-profile/x' } });
    expect(model).toBe('arn:aws:bedrock:eu-west-1:1:application-inference-profile/x');
  });
});

describe('codev models under another provider than the config', () => {
  it("marks the config's model by codev's id", async () => {
    const { resolveModelsSettings } = await import('../../cli/commands/models/resolve-models-settings.ts');
    expect(resolveModelsSettings({ provider: 'vertex', configModel: BEDROCK, env: {} }).defaultModel).toBe('claude-opus-4-6');
  });
});
