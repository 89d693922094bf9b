import { describe, expect, it } from 'vitest';
import { CodevError } from '../errors/codev-error.ts';
import { validateConfig } from './validate-config.ts';

function refusal(model: unknown): CodevError {
  try {
    validateConfig({ value: { model }, file: '/project/codev.config.ts' });
  } catch (error) {
    if (CodevError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected CONFIG_INVALID');
}

// The config's `model` is an id or settings: a wrong value inside the settings must name its field, not say
// "model: expected string" (the other branch); a misspelled feature anywhere must suggest the feature.
describe("a mistake inside the config's model settings", () => {
  it.each([
    [{ provider: 'bedrock', region: 5 }, 'model.region'],
    [{ provider: 'anthropic', capabilities: { thinking: 'no' } }, 'model.capabilities.thinking'],
    [{ provider: 'bedrock', models: { 'claude-opus-4-6': { price: { input: 1 } } } }, 'model.models["claude-opus-4-6"].price.output'],
    [{ provider: 'vertex', projectId: ['p'] }, 'model.projectId'],
  ])('%j names %s', (model, field) => {
    const error = refusal(model);
    expect(error.code).toBe('CONFIG_INVALID');
    expect(error.field).toBe(field);
  });

  it.each([
    [{ provider: 'anthropic', capabilities: { promptCachng: false } }, 'promptCaching'],
    [{ provider: 'bedrock', models: { 'my-model': { capabilities: { thinkng: false } } } }, 'thinking'],
    [{ provider: 'bedrock', models: { 'my-model': { contextWindw: 1000 } } }, 'contextWindow'],
  ])('%j suggests %s', (model, suggestion) => {
    expect(refusal(model).message).toContain(`did you mean "${suggestion}"`);
  });
});
