import { describe, expect, it } from 'vitest';
import { matchPathPatternBelow } from './match-path-pattern.ts';

const anchors = { cwd: '/p', root: '/p', home: '/h', behavior: 'deny' as const };
const below = (pattern: string, folder: string) => matchPathPatternBelow({ ...anchors, pattern, path: folder });

describe('matchPathPatternBelow', () => {
  it.each([
    ['.env', '/p', true],
    ['.env', '/anywhere', true],
    ['secrets/**', '/p/src', true],
    ['./secrets/**', '/p', true],
    ['./secrets/**', '/p/src', false],
    ['./secrets/**', '/p/secrets/a', true],
    ['/config/*.pem', '/p', true],
    ['/config/*.pem', '/p/src', false],
    ['//etc/**', '/p', false],
    ['//etc/**', '/', true],
    ['~/.ssh/**', '/h', true],
    ['~/.ssh/**', '/h/code', false],
    ['src/*.key', '/p/src', true],
  ])('%s below %s: %s', (pattern, folder, expected) => {
    expect(below(pattern, folder)).toBe(expected);
  });
});
