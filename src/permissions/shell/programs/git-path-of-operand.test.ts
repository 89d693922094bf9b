import { describe, expect, it } from 'vitest';
import { literalWord } from '../read-word.ts';
import { gitPathOfOperand } from './git-path-of-operand.ts';

describe('gitPathOfOperand', () => {
  it.each([
    ['src', false, 'src', false],
    ['HEAD:src/a.ts', false, 'src/a.ts', false],
    [':src/a.ts', false, 'src/a.ts', false],
    [':2:src/a.ts', false, 'src/a.ts', false],
    [':(top,icase)src', true, 'src', false],
    [':/src', true, 'src', false],
    [':!src', true, 'src', false],
    ['a:b', true, 'a:b', false],
    ['*.env', true, '*.env', true],
  ])('%s (after --: %s) names %s (glob: %s)', (operand, afterSeparator, path, glob) => {
    expect(gitPathOfOperand(literalWord(operand), afterSeparator)).toMatchObject({ value: path, glob });
  });

  it.each([['-'], ['HEAD:'], [':/']])('%s names no path', (operand) => {
    expect(gitPathOfOperand(literalWord(operand), false)).toBeUndefined();
  });
});
