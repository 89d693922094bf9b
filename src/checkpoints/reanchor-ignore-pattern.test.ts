import { describe, expect, it } from 'vitest';
import { reanchorIgnorePattern } from './reanchor-ignore-pattern.ts';

describe('reanchorIgnorePattern', () => {
  it('keeps patterns that match at any depth, re-anchors those under the root, drops the rest', () => {
    const cases: [string, string | undefined][] = [
      ['node_modules/', 'node_modules/'],
      ['*.log', '*.log'],
      ['**/build', '**/build'],
      ['/packages/app/dist/', '/dist/'],
      ['packages/app/dist', '/dist'],
      ['!/packages/app/dist/keep.txt', '!/dist/keep.txt'],
      ['/packages/other/', undefined],
      ['/top-level.txt', undefined],
      ['# a comment', undefined],
      ['', undefined],
    ];
    for (const [line, expected] of cases) expect(reanchorIgnorePattern(line, 'packages/app'), line).toBe(expected);
  });
});
