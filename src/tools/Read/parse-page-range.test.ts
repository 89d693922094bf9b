import { describe, expect, it } from 'vitest';
import { parsePageRange } from './parse-page-range.ts';

describe('parsePageRange', () => {
  it('parses a page, a range and a list into sorted distinct pages', () => {
    expect(parsePageRange('3')).toEqual({ ok: true, pages: [3] });
    expect(parsePageRange('1-5')).toEqual({ ok: true, pages: [1, 2, 3, 4, 5] });
    expect(parsePageRange('7-9, 1,3, 3')).toEqual({ ok: true, pages: [1, 3, 7, 8, 9] });
  });

  it('refuses malformed, zero, reversed and over-20 selections', () => {
    for (const text of ['', 'a', '1-', '0', '5-2', '1-21', '1-15,20-30']) expect(parsePageRange(text).ok).toBe(false);
    expect(parsePageRange('1-20').ok).toBe(true);
  });
});
