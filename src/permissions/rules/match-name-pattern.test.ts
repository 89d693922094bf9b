import { describe, expect, it } from 'vitest';
import { matchNamePattern } from './match-name-pattern.ts';

/** Far above what the matching takes on any machine, far below what backtracking on these inputs would. */
const HANG_GUARD_MS = 10_000;

describe('matchNamePattern', () => {
  it('matches exact names, case-sensitively', () => {
    expect(matchNamePattern('Explore', 'Explore')).toBe(true);
    expect(matchNamePattern('Explore', 'explore')).toBe(false);
    expect(matchNamePattern('Explore', 'Explorer')).toBe(false);
    expect(matchNamePattern('Explore', 'MyExplore')).toBe(false);
    expect(matchNamePattern('my-agent', 'my-agent')).toBe(true);
  });

  it('lets * span anything, spaces included, anchored at both ends', () => {
    expect(matchNamePattern('deploy *', 'deploy prod --force')).toBe(true);
    expect(matchNamePattern('deploy *', 'redeploy prod')).toBe(false);
    expect(matchNamePattern('deploy *', 'deployer')).toBe(false);
    expect(matchNamePattern('*-reviewer', 'code-reviewer')).toBe(true);
    expect(matchNamePattern('*-reviewer', 'code-reviewer-2')).toBe(false);
    expect(matchNamePattern('a*b*c', 'a x b y c')).toBe(true);
    expect(matchNamePattern('a*b*c', 'a x c y b')).toBe(false);
    expect(matchNamePattern('*', 'anything at all')).toBe(true);
  });

  it('lets a lone trailing " *" also match the bare name', () => {
    expect(matchNamePattern('deploy *', 'deploy')).toBe(true);
    expect(matchNamePattern('a * b *', 'a x b')).toBe(false);
  });

  it('treats regex metacharacters and \\* literally', () => {
    expect(matchNamePattern('a.b', 'axb')).toBe(false);
    expect(matchNamePattern('(x)+', '(x)+')).toBe(true);
    expect(matchNamePattern('a\\*', 'a*')).toBe(true);
    expect(matchNamePattern('a\\*', 'ab')).toBe(false);
  });

  it('ignores surrounding whitespace in the rule but never matches an empty rule', () => {
    expect(matchNamePattern(' Explore ', 'Explore')).toBe(true);
    expect(matchNamePattern('', '')).toBe(false);
  });

  it('stays fast on long values with many wildcards', () => {
    const started = performance.now();
    expect(matchNamePattern('*a*a*a*a*a*a*b', 'a'.repeat(100_000))).toBe(false);
    // A guard against backtracking, not a speed test: linear matching takes milliseconds, backtracking hours.
    expect(performance.now() - started).toBeLessThan(HANG_GUARD_MS);
  });
});
