import { describe, expect, it } from 'vitest';
import { hasGlobSyntax, matchGlobSegment } from './match-glob-segment.ts';

/** Far above what the matching takes on any machine, far below what backtracking on these inputs would. */
const HANG_GUARD_MS = 10_000;

describe('matchGlobSegment', () => {
  it('matches literals exactly', () => {
    expect(matchGlobSegment('.env', '.env')).toBe(true);
    expect(matchGlobSegment('.env', '.env.local')).toBe(false);
    expect(matchGlobSegment('a.b', 'axb')).toBe(false);
  });

  it('lets * match any run, dotfiles included, and ? one character', () => {
    expect(matchGlobSegment('*.ts', 'index.ts')).toBe(true);
    expect(matchGlobSegment('*.ts', 'index.tsx')).toBe(false);
    expect(matchGlobSegment('*', '.env')).toBe(true);
    expect(matchGlobSegment('.env*', '.env.production')).toBe(true);
    expect(matchGlobSegment('?.js', 'a.js')).toBe(true);
    expect(matchGlobSegment('?.js', 'ab.js')).toBe(false);
    expect(matchGlobSegment('?', 'é')).toBe(true);
    expect(matchGlobSegment('a*b*c', 'aXbYbZc')).toBe(true);
    expect(matchGlobSegment('a*b*c', 'aXcYb')).toBe(false);
  });

  it('supports classes, ranges and negation', () => {
    expect(matchGlobSegment('file[0-9].txt', 'file7.txt')).toBe(true);
    expect(matchGlobSegment('file[0-9].txt', 'filex.txt')).toBe(false);
    expect(matchGlobSegment('[!a]*', 'bcd')).toBe(true);
    expect(matchGlobSegment('[!a]*', 'abc')).toBe(false);
    expect(matchGlobSegment('[^a]*', 'abc')).toBe(false);
    expect(matchGlobSegment('[]x]', ']')).toBe(true);
    expect(matchGlobSegment('[a-]', '-')).toBe(true);
    expect(matchGlobSegment('[ab', '[ab')).toBe(true);
  });

  it('treats backslash-escaped characters literally', () => {
    expect(matchGlobSegment('\\*.txt', '*.txt')).toBe(true);
    expect(matchGlobSegment('\\*.txt', 'a.txt')).toBe(false);
    expect(matchGlobSegment('\\[x\\]', '[x]')).toBe(true);
  });

  it('stays fast on pathological input', () => {
    const started = performance.now();
    expect(matchGlobSegment('*a*a*a*a*a*a*a*b', 'a'.repeat(20_000))).toBe(false);
    // A guard against backtracking, not a speed test: linear matching takes milliseconds, backtracking hours.
    expect(performance.now() - started).toBeLessThan(HANG_GUARD_MS);
  });
});

describe('hasGlobSyntax', () => {
  it('detects *, ?, [ and escapes', () => {
    expect(hasGlobSyntax('src')).toBe(false);
    expect(hasGlobSyntax('..')).toBe(false);
    for (const segment of ['*.ts', 'a?', '[ab]', 'a\\*']) expect(hasGlobSyntax(segment)).toBe(true);
  });
});
