import { describe, expect, it } from 'vitest';
import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { listGitOperands } from './list-git-operands.ts';

const VALUES = { long: ['--author', '--grep'], short: 'n' };
const word = (text: string): ShellWord => (text.startsWith('$') ? { ...literalWord(text), dynamic: true } : literalWord(text));

function list(...words: string[]) {
  const operands = listGitOperands(words.map(word), VALUES);
  return { before: operands.beforeSeparator.map((each) => each.value), after: operands.afterSeparator.map((each) => each.value), unresolved: operands.unresolvedOption };
}

describe('listGitOperands', () => {
  it.each([
    [['HEAD', '--', 'src'], { before: ['HEAD'], after: ['src'], unresolved: false }],
    [['--author', 'me', '-n', '5', 'src'], { before: ['src'], after: [], unresolved: false }],
    [['-n5', '--author=me', 'src'], { before: ['src'], after: [], unresolved: false }],
    [['--', '$F'], { before: [], after: ['$F'], unresolved: false }],
    [['--oneline', '--', '$F'], { before: [], after: ['$F'], unresolved: false }],
    [['$F'], { before: ['$F'], after: [], unresolved: true }],
    // `--grep` takes the `--` as its value: `$F` may be an option.
    [['--grep', '--', '$F'], { before: ['$F'], after: [], unresolved: true }],
    [['--frob', '--', '$F'], { before: [], after: ['$F'], unresolved: true }],
  ])('%j', (words, expected) => {
    expect(list(...words)).toEqual(expected);
  });
});
