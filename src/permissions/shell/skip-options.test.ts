import { describe, expect, it } from 'vitest';
import { skipOptions, type OptionSpec } from './skip-options.ts';

const TIMEOUT: OptionSpec = { shortWithValue: 'sk', shortFlags: 'v', longWithValue: ['--signal'], longFlags: ['--foreground'] };

describe('skipOptions', () => {
  it('skips short options with separate and attached values', () => {
    expect(skipOptions(['-s', 'KILL', '-k5', '5', 'rm'], TIMEOUT)).toMatchObject({
      next: 3,
      options: [{ name: '-s', value: 'KILL' }, { name: '-k', value: '5' }],
      unknown: false,
    });
  });

  it('skips long options in both spellings, and stops after --', () => {
    expect(skipOptions(['--signal', 'TERM', '--signal=KILL', '--foreground', '--', '-x'], TIMEOUT).next).toBe(5);
  });

  it('reads short clusters letter by letter', () => {
    expect(skipOptions(['-vs', 'KILL', 'x'], TIMEOUT)).toMatchObject({ next: 2, options: [{ name: '-v' }, { name: '-s', value: 'KILL' }] });
  });

  it('flags options it does not know', () => {
    expect(skipOptions(['-z', 'x'], TIMEOUT)).toMatchObject({ next: 1, unknown: true });
    expect(skipOptions(['--weird', 'x'], TIMEOUT)).toMatchObject({ next: 1, unknown: true });
  });

  it('knows numeric options, optional attached values and a lone dash when told', () => {
    expect(skipOptions(['-5', 'rm'], { numericOption: true }).next).toBe(1);
    expect(skipOptions(['-i', 'rm'], { shortOptionalValue: 'i' }).next).toBe(1);
    expect(skipOptions(['-i{}', 'rm'], { shortOptionalValue: 'i' }).options).toEqual([{ name: '-i', value: '{}' }]);
    expect(skipOptions(['-', 'rm'], { loneDash: true }).next).toBe(1);
    expect(skipOptions(['-', 'x'], {}).next).toBe(0);
  });
});
