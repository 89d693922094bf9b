import { describe, expect, it } from 'vitest';
import { skipOptions, type OptionSpec } from './skip-options.ts';

const TIMEOUT: OptionSpec = { shortWithValue: 'sk', shortFlags: 'v', longWithValue: ['--signal'], longFlags: ['--foreground'] };

describe('skipOptions', () => {
  it('skips short options with separate and attached values', () => {
    expect(skipOptions(['timeout', '-s', 'KILL', '-k5', '5', 'rm'], 1, TIMEOUT)).toMatchObject({
      next: 4,
      options: [{ name: '-s', value: 'KILL' }, { name: '-k', value: '5' }],
      unknown: false,
    });
  });

  it('skips long options in both spellings, and stops after --', () => {
    expect(skipOptions(['t', '--signal', 'TERM', '--signal=KILL', '--foreground', '--', '-x'], 1, TIMEOUT).next).toBe(6);
  });

  it('reads short clusters letter by letter', () => {
    expect(skipOptions(['t', '-vs', 'KILL', 'x'], 1, TIMEOUT)).toMatchObject({ next: 3, options: [{ name: '-v' }, { name: '-s', value: 'KILL' }] });
  });

  it('flags options it does not know', () => {
    expect(skipOptions(['t', '-z', 'x'], 1, TIMEOUT)).toMatchObject({ next: 2, unknown: true });
    expect(skipOptions(['t', '--weird', 'x'], 1, TIMEOUT)).toMatchObject({ next: 2, unknown: true });
  });

  it('knows numeric options, optional attached values and a lone dash when told', () => {
    expect(skipOptions(['nice', '-5', 'rm'], 1, { numericOption: true }).next).toBe(2);
    expect(skipOptions(['xargs', '-i', 'rm'], 1, { shortOptionalValue: 'i' }).next).toBe(2);
    expect(skipOptions(['xargs', '-i{}', 'rm'], 1, { shortOptionalValue: 'i' }).options).toEqual([{ name: '-i', value: '{}' }]);
    expect(skipOptions(['env', '-', 'rm'], 1, { loneDash: true }).next).toBe(2);
    expect(skipOptions(['cat', '-', 'x'], 1, {}).next).toBe(1);
  });
});
