import { describe, expect, it } from 'vitest';
import { createColors } from './colors.ts';

const colored = (isTTY: boolean, env: Record<string, string>) => createColors({ isTTY, env }).red('x') !== 'x';

describe('createColors', () => {
  it('colors a terminal, not a pipe, and never with NO_COLOR or TERM=dumb', () => {
    expect([colored(true, {}), colored(false, {}), colored(true, { NO_COLOR: '' }), colored(true, { TERM: 'dumb' })]).toEqual([true, false, false, false]);
  });

  it('FORCE_COLOR decides first, as in Node: any value but 0 or false colors a pipe, 0 turns a terminal plain', () => {
    expect([colored(false, { FORCE_COLOR: '1' }), colored(false, { FORCE_COLOR: '' }), colored(false, { FORCE_COLOR: '3', NO_COLOR: '1' })]).toEqual([true, true, true]);
    expect([colored(true, { FORCE_COLOR: '0' }), colored(true, { FORCE_COLOR: 'false' })]).toEqual([false, false]);
  });
});
