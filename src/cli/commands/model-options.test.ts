import { describe, expect, it } from 'vitest';
import { checkThinkingFits, modelOptions } from './model-options.ts';

function usageError(run: () => unknown): { code?: string; message: string; hint?: string } {
  try {
    run();
  } catch (error) {
    return error as { code?: string; message: string; hint?: string };
  }
  throw new Error('expected an error');
}

describe('modelOptions', () => {
  it('reads --thinking, --effort, --max-tokens and --fallback-model', () => {
    expect(modelOptions({ thinking: '4000', effort: 'high', 'max-tokens': '16000', 'fallback-model': ['a,b'] })).toEqual({ thinking: { type: 'enabled', budgetTokens: 4000 }, effort: 'high', maxTokens: 16000, fallbackModel: ['a', 'b'] });
  });

  it('refuses a budget under the API minimum as a usage error naming --thinking, not the script option', () => {
    const error = usageError(() => modelOptions({ thinking: '500' }));
    expect(error.code).toBe('CLI_USAGE');
    expect(`${error.message} ${error.hint}`).toContain('--thinking');
    expect(`${error.message} ${error.hint}`).not.toContain('maxTokens');
  });

  it('refuses a --max-tokens that is not a positive whole number', () => {
    expect(usageError(() => modelOptions({ 'max-tokens': '0' })).code).toBe('CLI_USAGE');
    expect(usageError(() => modelOptions({ 'max-tokens': '1.5' })).code).toBe('CLI_USAGE');
  });
});

describe('checkThinkingFits', () => {
  it('names --max-tokens when a --thinking budget does not fit the default or the script limit', () => {
    const error = usageError(() => checkThinkingFits({ flags: { thinking: { type: 'enabled', budgetTokens: 9000 } }, script: {}, defaultMaxTokens: 8192 }));
    expect(error.code).toBe('CLI_USAGE');
    expect(error.hint).toContain('--max-tokens');
  });

  it('names --max-tokens when it leaves no room for the script budget', () => {
    const error = usageError(() => checkThinkingFits({ flags: { maxTokens: 2000 }, script: { thinking: { type: 'enabled', budgetTokens: 4000 } }, defaultMaxTokens: 8192 }));
    expect(error.message).toContain('--max-tokens');
  });

  it('leaves the script own values to createAgent, and passes what fits', () => {
    expect(() => checkThinkingFits({ flags: {}, script: { thinking: { type: 'enabled', budgetTokens: 9000 } }, defaultMaxTokens: 8192 })).not.toThrow();
    expect(() => checkThinkingFits({ flags: { thinking: { type: 'enabled', budgetTokens: 9000 }, maxTokens: 20000 }, script: {}, defaultMaxTokens: 8192 })).not.toThrow();
    expect(() => checkThinkingFits({ flags: { thinking: { type: 'adaptive' } }, script: { maxTokens: 100 }, defaultMaxTokens: 8192 })).not.toThrow();
  });
});
