import { describe, expect, it } from 'vitest';
import { analyzeShellCommandCached } from './analyze-shell-command-cached.ts';

describe('analyzeShellCommandCached', () => {
  it('answers a repeated command from the cache', async () => {
    const first = analyzeShellCommandCached('git status && npm test');
    expect(analyzeShellCommandCached('git status && npm test')).toBe(first);
    expect(await first).toMatchObject({ ok: true, commands: [{ text: 'git status' }, { text: 'npm test' }] });
  });
});
