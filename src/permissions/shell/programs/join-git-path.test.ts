import { describe, expect, it } from 'vitest';
import { literalWord } from '../read-word.ts';
import { changeGitDirectory, joinGitPath } from './join-git-path.ts';

describe('joinGitPath', () => {
  it.each([
    ['.', 'F', 'F'],
    ['sub', 'F', 'sub/F'],
    ['sub', './F', 'sub/F'],
    ['sub', '/tmp/F', '/tmp/F'],
    ['sub', '~/F', '~/F'],
    ['/srv', 'a//b', '/srv/a/b'],
    ['sub', '../F', 'sub/../F'],
  ])('%s + %s = %s', (directory, path, joined) => {
    expect(joinGitPath(literalWord(directory), literalWord(path)).value).toBe(joined);
  });

  it('keeps what is unknown about either side', () => {
    const joined = joinGitPath({ ...literalWord('$DIR'), dynamic: true }, { ...literalWord('*.txt'), glob: true });
    expect(joined).toMatchObject({ value: '$DIR/*.txt', dynamic: true, glob: true });
  });
});

describe('changeGitDirectory', () => {
  it.each([
    [['a', 'b'], 'a/b'],
    [['a', '/abs', 'b'], '/abs/b'],
    [['./a/', '.'], 'a'],
    [['a', ''], 'a'],
    [['a', '..'], 'a/..'],
  ])('-C %j ends in %s', (steps, directory) => {
    expect(steps.reduce((current, step) => changeGitDirectory(current, literalWord(step)), literalWord('.')).value).toBe(directory);
  });
});
