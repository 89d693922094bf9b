import { describe, expect, it } from 'vitest';
import { matchCommandPattern } from './match-command-pattern.ts';

/** Far above what the matching takes on any machine, far below what backtracking on these inputs would. */
const HANG_GUARD_MS = 10_000;

describe('matchCommandPattern', () => {
  it.each([
    ['npm run build', 'npm run build', true],
    ['npm run build', 'npm run build --watch', false],
    ['npm run build', 'npm run buil', false],
    ['npm run test *', 'npm run test --watch', true],
    ['npm run test *', 'npm run test', true],
    ['ls *', 'ls', true],
    ['ls *', 'ls -la', true],
    ['ls *', 'lsof', false],
    ['ls*', 'lsof', true],
    ['ls*', 'ls', true],
    ['* install', 'npm install', true],
    ['* install', 'npm reinstall', false],
    ['git * main', 'git push origin main', true],
    ['git * main', 'git push origin main2', false],
    ['npm test:*', 'npm test', true],
    ['npm test:*', 'npm test --watch', true],
    ['npm test:*', 'npm testing', false],
    ['git:* push', 'git:* push', true],
    ['git:* push', 'git status push', false],
    ['echo \\*', 'echo *', true],
    ['echo \\*', 'echo x', false],
    ['echo \\\\', 'echo \\', true],
    ['*', 'anything at all', true],
    ['git commit -m *', 'git commit -m line one\nline two', true],
    ['a.b', 'axb', false],
    ['(x)', '(x)', true],
  ])('%j vs %j → %s', (pattern, text, expected) => {
    expect(matchCommandPattern(pattern, text)).toBe(expected);
  });

  it('is anchored at both ends', () => {
    expect(matchCommandPattern('rm', 'xrm')).toBe(false);
    expect(matchCommandPattern('rm', 'rmx')).toBe(false);
  });

  it('stays fast with many stars on a long text', () => {
    const started = performance.now();
    expect(matchCommandPattern('* * * * * * * * z', 'a '.repeat(5_000))).toBe(false);
    // A guard against backtracking, not a speed test: linear matching takes milliseconds, backtracking hours.
    expect(performance.now() - started).toBeLessThan(HANG_GUARD_MS);
  });
});
