import { describe, expect, it } from 'vitest';
import { resolveModelsSettings } from './resolve-models-settings.ts';

// `--region` is Bedrock's or Vertex's: on a provider without regions it changes nothing, and `codev models`
// printed "(anthropic, region eu-west-1)" as if it did. It is a usage error naming the flag, not a silent no-op.
describe('codev models --region on a provider without regions', () => {
  it.each([
    [{ provider: 'anthropic' }, {}],
    [{ provider: 'foundry' }, {}],
    [{}, { CODEV_PROVIDER: 'foundry' }],
    [{}, {}],
  ])('%j %j is CLI_USAGE naming --region', (flags, env) => {
    expect(() => resolveModelsSettings({ ...flags, region: 'eu-west-1', configModel: undefined, env })).toThrow(expect.objectContaining({ code: 'CLI_USAGE', field: '--region' }));
  });

  it('is taken for Bedrock and Vertex', () => {
    expect(resolveModelsSettings({ provider: 'bedrock', region: 'eu-west-1', configModel: undefined, env: {} }).region).toBe('eu-west-1');
    expect(resolveModelsSettings({ region: 'us-east5', configModel: undefined, env: { CODEV_PROVIDER: 'vertex' } }).region).toBe('us-east5');
  });
});
