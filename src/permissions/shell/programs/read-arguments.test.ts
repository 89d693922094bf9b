import { describe, expect, it } from 'vitest';
import { literalWord } from '../read-word.ts';
import { isOption, readArguments } from './read-arguments.ts';

const read = (line: string, spec = { shortWithValue: 'o', longWithValue: ['output', 'other'], longFlags: ['verbose'] }) => {
  const result = readArguments(line.split(' ').map(literalWord), spec);
  return { options: result.options.map((option) => `${option.name}${option.value ? `=${option.value.value}` : ''}`), operands: result.operands.map((word) => word.value) };
};

describe('readArguments', () => {
  it('reads options after operands, bundles, attached and separate values, and -- the GNU way', () => {
    expect(read('a -v b')).toEqual({ options: ['-v'], operands: ['a', 'b'] });
    expect(read('-vno out a')).toEqual({ options: ['-v', '-n', '-o=out'], operands: ['a'] });
    expect(read('-oout a')).toEqual({ options: ['-o=out'], operands: ['a'] });
    expect(read('--output=f a')).toEqual({ options: ['--output=f'], operands: ['a'] });
    expect(read('--output f a')).toEqual({ options: ['--output=f'], operands: ['a'] });
    expect(read('-- -o a')).toEqual({ options: [], operands: ['-o', 'a'] });
    expect(read('- a')).toEqual({ options: [], operands: ['-', 'a'] });
  });

  it('expands a unique abbreviation and keeps an ambiguous or unknown one as written', () => {
    expect(read('--verb a').options).toEqual(['--verbose']);
    expect(read('--out=f').options).toEqual(['--output=f']);
    expect(read('--o=f').options).toEqual(['--o=f']);
    expect(read('--nope').options).toEqual(['--nope']);
  });

  it('stops at the first operand when options come first only', () => {
    expect(readArguments(['a', '-v'].map(literalWord), { optionsFirst: true }).operands.map((word) => word.value)).toEqual(['a', '-v']);
  });
});

describe('isOption', () => {
  it('counts any prefix of a long option as that option, so an abbreviation cannot hide it', () => {
    const options = readArguments(['--o=f', '--out', '-x', '--outp=g'].map(literalWord), { longWithValue: ['other'] }).options;
    expect(options.map((option) => isOption(option, '--output'))).toEqual([true, true, false, true]);
  });
});
