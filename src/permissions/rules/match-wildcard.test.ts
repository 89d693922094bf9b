import { describe, expect, it } from 'vitest';
import { matchWildcard, splitWildcard } from './match-wildcard.ts';

describe('splitWildcard', () => {
  it('splits on unescaped stars and unescapes \\* and \\\\', () => {
    expect(splitWildcard('a*b\\*c')).toEqual(['a', 'b*c']);
    expect(splitWildcard('\\\\*')).toEqual(['\\', '']);
    expect(splitWildcard('a\\b')).toEqual(['a\\b']);
    expect(splitWildcard('*')).toEqual(['', '']);
  });
});

describe('matchWildcard', () => {
  it('is anchored and lets * match the empty string', () => {
    expect(matchWildcard('abc', 'abc')).toBe(true);
    expect(matchWildcard('abc', 'abcd')).toBe(false);
    expect(matchWildcard('a*', 'a')).toBe(true);
    expect(matchWildcard('*c', 'abc')).toBe(true);
    expect(matchWildcard('a*c', 'ac')).toBe(true);
  });

  it('does not let the prefix and suffix overlap', () => {
    expect(matchWildcard('ab*ba', 'aba')).toBe(false);
    expect(matchWildcard('ab*ba', 'abba')).toBe(true);
    expect(matchWildcard('a*b*a', 'aba')).toBe(true);
    expect(matchWildcard('a*bb*a', 'abba')).toBe(true);
    expect(matchWildcard('a*bbb*a', 'abbba')).toBe(true);
    expect(matchWildcard('a*bbb*a', 'abba')).toBe(false);
  });
});
