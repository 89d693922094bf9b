import { describe, expect, it } from 'vitest';
import { isPathInside } from './is-path-inside.ts';

describe('isPathInside', () => {
  it.each([
    ['/p', '/p', true],
    ['/p/a/b', '/p', true],
    ['/p/..evil/SKILL.md', '/p', true],
    ['/p/a/../..evil', '/p', true],
    ['/p-evil/x', '/p', false],
    ['/p/../x', '/p', false],
    ['/p/a/../../x', '/p', false],
    ['/', '/p', false],
  ])('%s inside %s: %s', (child, parent, expected) => {
    expect(isPathInside(child, parent)).toBe(expected);
  });
});
