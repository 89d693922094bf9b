import { describe, expect, it } from 'vitest';
import { isInWorkingDirectories } from './path-containment.ts';

describe('isInWorkingDirectories', () => {
  it.each([
    ['/p/a', ['/p'], true],
    ['/p', ['/p/'], true],
    ['/p/a/../b', ['/p'], true],
    ['/p/../q', ['/p'], false],
    ['/p-evil/x', ['/p'], false],
    ['/p/..evil', ['/p'], true],
    ['/q/x', ['/p', '/q'], true],
    ['/x', ['/'], true],
    ['/p//a', ['/p'], true],
    ['/p/./a', ['/p/a'], true],
  ])('%s in %j: %s', (target, directories, expected) => {
    expect(isInWorkingDirectories(target, directories)).toBe(expected);
  });
});
