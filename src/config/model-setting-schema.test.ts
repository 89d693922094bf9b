import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { MODEL_FEATURES, MODEL_PROVIDER_NAMES } from '../model/providers/types.ts';
import { CONFIG_MODEL_FEATURES, CONFIG_MODEL_PROVIDERS } from './model-setting-schema.ts';
import { validateConfig } from './validate-config.ts';

function problem(model: unknown): { code: string; message: string } {
  try {
    validateConfig({ value: { model }, file: '/project/codev.config.ts' });
  } catch (error) {
    if (CodevError.isInstance(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

describe("the config's model", () => {
  it('knows the providers and features the model layer does', () => {
    expect(CONFIG_MODEL_PROVIDERS).toEqual(MODEL_PROVIDER_NAMES);
    expect(CONFIG_MODEL_FEATURES).toEqual(MODEL_FEATURES);
  });

  it('takes an id or provider settings', () => {
    expect(validateConfig({ value: { model: 'claude-opus-4-6' } }).model).toBe('claude-opus-4-6');
    const settings = { provider: 'bedrock', id: 'claude-sonnet-4-6', region: 'eu-west-1', capabilities: { promptCaching: false }, models: { 'my-model': { providerId: 'arn:x', price: { input: 1, output: 2 } } } };
    expect(validateConfig({ value: { model: settings } }).model).toEqual(settings);
  });

  it('refuses an unknown provider, suggesting the closest', () => {
    const { code, message } = problem({ provider: 'bedrok' });
    expect(code).toBe('CONFIG_INVALID');
    expect(message).toContain('model.provider');
    expect(message).toContain('did you mean "bedrock"');
  });

  it('refuses a misspelled setting suggesting the key, and a misspelled feature', () => {
    expect(problem({ provider: 'vertex', projectID: 'p' }).message).toContain('did you mean "projectId"');
    expect(problem({ provider: 'anthropic', capabilities: { promptCachng: false } }).message).toContain('model.capabilities.promptCachng: unknown key');
  });
});
