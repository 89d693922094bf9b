import { describe, expect, it } from 'vitest';
import { analyzeShellCommand } from './analyze-shell-command.ts';
import { changeDirectory, resolveInDirectory } from './directories.ts';
import { literalWord } from './read-word.ts';

/** Where each command of a script runs, as `name:dir|dir` (`?` when unknown). */
async function places(command: string): Promise<string[]> {
  const analysis = await analyzeShellCommand(command);
  if (!analysis.ok) throw new Error(analysis.message);
  return analysis.commands.map((entry) => `${entry.argv[0] ?? '='}:${entry.directories?.join('|') ?? '?'}`);
}

describe('changeDirectory', () => {
  const cd = (...words: string[]) => words.map(literalWord);
  it.each([
    [['.'], cd('cd', 'src'), ['src']],
    [['.', 'a'], cd('cd', '..'), ['..', '.', 'a/..']],
    [['.'], cd('cd', '/etc'), ['/etc']],
    [['.'], cd('cd'), ['~']],
    [['.'], cd('cd', '~/x'), ['~/x']],
    [['~'], cd('cd', '..'), undefined],
    [['.'], cd('cd', '-'), undefined],
    [['.'], cd('popd'), undefined],
    [['.'], cd('pushd', 'lib'), ['lib']],
    [['.'], cd('cd', '-P', 'a/..'), ['a/..']],
    [['.'], cd('cd', 'link/../x'), ['x', 'link/../x']],
    [['.'], cd('cd', '-L', 'a'), ['a']],
    [['.'], cd('source', 'env.sh'), undefined],
    [undefined, cd('cd', 'x'), undefined],
    [undefined, cd('cd', '/x'), ['/x']],
  ] as const)('from %j, %j goes to %j', (current, argv, expected) => {
    expect(changeDirectory(current, argv)).toEqual(expected);
  });

  it('knows nothing of a computed target', () => {
    expect(changeDirectory(['.'], [literalWord('cd'), { ...literalWord('$X'), dynamic: true }])).toBeUndefined();
  });
});

describe('resolveInDirectory', () => {
  it('joins relative paths, keeps absolute and home paths, refuses to climb out of home by name', () => {
    expect(resolveInDirectory('src', 'a.txt')).toBe('src/a.txt');
    expect(resolveInDirectory('src', '../x')).toBe('src/../x');
    expect(resolveInDirectory('src', '../x', { logical: true })).toBe('x');
    expect(resolveInDirectory('src/.', './/a/../x')).toBe('src/a/../x');
    expect(resolveInDirectory('.', '../x')).toBe('../x');
    expect(resolveInDirectory('src', '/etc/passwd')).toBe('/etc/passwd');
    expect(resolveInDirectory('~/a', 'b')).toBe('~/a/b');
    expect(resolveInDirectory('~', '../x')).toBeUndefined();
  });
});

describe('directories of a script', () => {
  it.each([
    ['cd src && cat a', ['cd:.', 'cat:src']],
    ['cd src; cat a', ['cd:.', 'cat:.|src']],
    ['cd src || cat a', ['cd:.', 'cat:.|src']],
    ['(cd src && cat a); cat b', ['cd:.', 'cat:src', 'cat:.']],
    ['cd a && cd b && cat c', ['cd:.', 'cd:a', 'cat:a/b']],
    ['echo $(cd x; pwd) && cat a', ['cd:.', 'pwd:.|x', 'echo:.', 'cat:.']],
    ['cd x | cat a; cat b', ['cd:.', 'cat:.', 'cat:.']],
    ['cat a | cd x; cat b', ['cat:.', 'cd:.', 'cat:.|x']],
    ['cd x & cat a', ['cd:.', 'cat:.']],
    ['if true; then cd a; else cd b; fi; cat c', ['true:.', 'cd:.', 'cd:.', 'cat:.|a|b']],
    ['if true; then cd a; fi; cat c', ['true:.', 'cd:.', 'cat:.|a']],
    ['case x in a) cd a;; b) cd b;; esac; cat c', ['cd:.', 'cd:.', 'cat:.|a|b']],
    ['for d in a b; do cd $d; cat x; done', ['cd:?', 'cat:?']],
    ['f() { cd x; }; f; cat a', ['cd:?', 'f:?', 'cat:?']],
    ['cd "$X" && cat a', ['cd:.', 'cat:?']],
    ['cd / && cat etc/passwd', ['cd:.', 'cat:/']],
    ['source env.sh && cat a', ['source:.', 'cat:?']],
    ['builtin cd src && cat a', ['cd:.', 'cat:src']],
    ["bash -c 'cd x' && cat a", ['bash:.', 'cd:.', 'cat:.|x']],
    ['ls && cat a', ['ls:.', 'cat:.']],
  ])('%s', async (command, expected) => {
    expect(await places(command)).toEqual(expected);
  });

  it('gives a redirect the directory of the command it belongs to, also where tree-sitter hangs it on the whole list', async () => {
    const analysis = await analyzeShellCommand('cd src && echo x > app.txt; cat < in');
    expect(analysis.ok && analysis.writes.map((write) => write.directories)).toEqual([['src']]);
    expect(analysis.ok && analysis.reads.map((read) => [read.target, read.directories])).toEqual([['in', ['.', 'src']]]);
  });
});
