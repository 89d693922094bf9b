import { describe, expect, it } from 'vitest';
import { rejectionCode } from '../../testing/rejection-code.ts';
import { providerOption, withModelFlags } from './model-flags.ts';

describe('--provider and --model over the script\'s model', () => {
  it('leaves the script alone without flags; --model changes the id and keeps its settings', () => {
    expect(withModelFlags({ script: 'claude-opus-4-6' })).toBe('claude-opus-4-6');
    expect(withModelFlags({ model: 'claude-haiku-4-5', script: 'claude-opus-4-6' })).toBe('claude-haiku-4-5');
    expect(withModelFlags({ model: 'claude-haiku-4-5', script: { provider: 'bedrock', region: 'eu-west-1' } })).toEqual({ provider: 'bedrock', region: 'eu-west-1', id: 'claude-haiku-4-5' });
  });

  it("--provider keeps the script's settings for the same provider only", () => {
    expect(withModelFlags({ provider: 'bedrock', script: { provider: 'bedrock', region: 'eu-west-1', id: 'x' } })).toEqual({ provider: 'bedrock', region: 'eu-west-1', id: 'x' });
    expect(withModelFlags({ provider: 'vertex', script: { provider: 'bedrock', region: 'eu-west-1', id: 'x' } })).toEqual({ provider: 'vertex', id: 'x' });
    expect(withModelFlags({ provider: 'foundry', model: 'y' })).toEqual({ provider: 'foundry', id: 'y' });
  });

  it('an unknown provider is CLI_USAGE, suggesting the closest', async () => {
    expect(providerOption('vertex')).toBe('vertex');
    expect(await rejectionCode(Promise.resolve().then(() => providerOption('vertx')))).toBe('CLI_USAGE');
    expect(() => providerOption('vertx')).toThrow(/vertex/);
  });
});
