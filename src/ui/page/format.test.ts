import { describe, expect, it } from 'vitest';
import { formatCost, formatDuration, formatTokens, prettyJson } from './format.ts';

describe('format', () => {
  it('tells a session without a price from one without recorded costs', () => {
    expect(formatCost(null)).toBe('no price');
    expect(formatCost(undefined)).toBe('—');
    expect(formatCost(1.5)).toBe('$1.50');
    expect(formatCost(0.0012)).toBe('$0.0012');
  });

  it('reads durations and token counts at a glance', () => {
    expect(formatDuration(4000)).toBe('4 s');
    expect(formatDuration(1500)).toBe('1.5 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
    expect(formatDuration(undefined)).toBe('—');
    expect(formatTokens(950)).toBe('950');
    expect(formatTokens(120_000)).toBe('120k');
    expect(formatTokens(2_500_000)).toBe('2.5M');
  });

  it('shows an input as indented JSON, a string as itself', () => {
    expect(prettyJson({ command: 'ls' })).toBe('{\n  "command": "ls"\n}');
    expect(prettyJson('ls -la')).toBe('ls -la');
  });
});
