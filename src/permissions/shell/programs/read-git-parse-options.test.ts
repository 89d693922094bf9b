import { describe, expect, it } from 'vitest';
import { literalWord } from '../read-word.ts';
import { readGitParseOptions, type GitOptionSpec } from './read-git-parse-options.ts';

const LIST: GitOptionSpec = { long: '--list', short: 'l', value: 'none' };
const FILE: GitOptionSpec = { long: '--file', short: 'f', value: 'required' };
const UNSET: GitOptionSpec = { long: '--unset', value: 'none' };
const UNSET_ALL: GitOptionSpec = { long: '--unset-all', value: 'none' };
const COLOR: GitOptionSpec = { long: '--color', value: 'optional' };
const NO_MERGED: GitOptionSpec = { long: '--no-merged', value: 'required' };
const SPECS = [LIST, FILE, UNSET, UNSET_ALL, COLOR, NO_MERGED];

function read(...words: string[]) {
  const parsed = readGitParseOptions(words.map(literalWord), SPECS);
  return {
    options: parsed.options.map((option) => `${option.negated ? '!' : ''}${option.spec.long}${option.value ? `=${option.value.value}` : ''}`),
    operands: parsed.operands.map((word) => word.value),
    unknown: parsed.unknown,
  };
}

describe('readGitParseOptions', () => {
  it.each([
    [['--list'], ['--list']],
    [['--li'], ['--list']],
    [['-l'], ['--list']],
    [['--unset'], ['--unset']],
    [['--unset-a'], ['--unset-all']],
    [['--file=x'], ['--file=x']],
    [['--file', 'x'], ['--file=x']],
    [['-fx'], ['--file=x']],
    [['-lf', 'x'], ['--list', '--file=x']],
    [['--color'], ['--color']],
    [['--color=always'], ['--color=always']],
    [['--no-color'], ['!--color']],
    [['--no-merged', 'main'], ['--no-merged=main']],
  ])('reads %j as %j', (words, options) => {
    expect(read(...words)).toEqual({ options, operands: [], unknown: false });
  });

  it.each([[['--unse']], [['--frob']], [['-x']], [['-lx']]])('does not know %j', (words) => {
    expect(read(...words).unknown).toBe(true);
  });

  it('keeps operands, and everything after `--`', () => {
    expect(read('a', '--list', 'b', '--', '--unset')).toMatchObject({ options: ['--list'], operands: ['a', 'b', '--unset'], unknown: false });
    expect(readGitParseOptions(['a', '--', 'b'].map(literalWord), SPECS).beforeSeparator).toBe(1);
  });

  it('counts a word known only at run time as unknown', () => {
    expect(readGitParseOptions([{ ...literalWord('$X'), dynamic: true }], SPECS).unknown).toBe(true);
  });
});
