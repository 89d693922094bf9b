import { describe, expect, it } from 'vitest';
import { formatRunSummary } from './format-run-summary.ts';

const end = (costUsd: number | null) => ({ type: 'end' as const, reason: 'end_turn' as const, turns: 3, messages: [], costUsd, usage: { inputTokens: 1_200, outputTokens: 340, cacheCreationInputTokens: 2_000, cacheReadInputTokens: 10_000 } });

describe('formatRunSummary', () => {
  it('says the turns, the input with its cache reads, the output and the cost', () => {
    expect(formatRunSummary(end(0.01234), 'claude-sonnet-4-6')).toBe('3 turn(s) · 13,200 input tokens (10,000 from cache) · 340 output tokens · $0.0123');
  });

  it('says an unknown cost is unknown, with how to price the model, never $0', () => {
    const summary = formatRunSummary(end(null), 'my-model');
    expect(summary).toContain('cost unknown');
    expect(summary).toContain('my-model');
    expect(summary).not.toContain('$0');
  });

  it('groups digits as en-US does, for counts of any size', () => {
    for (const tokens of [0, 7, 999, 1_000, 123_456, 1_234_567_890, Number.MAX_SAFE_INTEGER]) {
      const summary = formatRunSummary({ ...end(0), usage: { inputTokens: 0, outputTokens: tokens, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 } }, 'm');
      expect(summary).toContain(` ${tokens.toLocaleString('en-US')} output tokens`);
    }
  });
});
