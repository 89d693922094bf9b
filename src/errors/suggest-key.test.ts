import { describe, expect, it } from 'vitest';
import { suggestKey } from './suggest-key.ts';

const AGENT_KEYS = ['prompt', 'tools', 'model', 'system', 'maxTurns', 'maxTokens', 'maxRetries'];

describe('suggestKey', () => {
  it.each([
    ['sytem', 'system'], // a letter missing
    ['systme', 'system'], // two letters swapped
    ['maxturns', 'maxTurns'], // case
    ['maxTurn', 'maxTurns'],
    ['modle', 'model'],
  ])('suggests %s → %s', (key, expected) => {
    expect(suggestKey({ key, candidates: AGENT_KEYS })).toBe(expected);
  });

  it('takes the closest candidate, the first one on a tie', () => {
    expect(suggestKey({ key: 'maxTokenz', candidates: AGENT_KEYS })).toBe('maxTokens');
    expect(suggestKey({ key: 'maxTurnz', candidates: ['maxTurns', 'maxTurnx'] })).toBe('maxTurns');
  });

  it('falls back to a shared prefix of at least 4 characters', () => {
    expect(suggestKey({ key: 'pluginDir', candidates: ['plugins', 'pluginDirs'] })).toBe('pluginDirs');
    expect(suggestKey({ key: 'permissionsMode', candidates: ['model', 'permissions'] })).toBe('permissions');
    expect(suggestKey({ key: 'maxTurnsPerQuery', candidates: AGENT_KEYS })).toBe('maxTurns');
  });

  it('suggests nothing when no candidate is close', () => {
    expect(suggestKey({ key: 'temperature', candidates: AGENT_KEYS })).toBeUndefined();
    expect(suggestKey({ key: 'ab', candidates: ['env', 'agents'] })).toBeUndefined();
    expect(suggestKey({ key: 'sys', candidates: ['system'] })).toBeUndefined();
    expect(suggestKey({ key: 'x', candidates: [] })).toBeUndefined();
  });
});
