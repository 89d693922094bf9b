import { describe, expect, it } from 'vitest';
import { readShellBody } from './read-shell-body.ts';
import { literalWord } from './read-word.ts';
import type { ShellWord } from './types.ts';

const body = (...argv: (string | ShellWord)[]) => readShellBody(argv.map((word) => (typeof word === 'string' ? literalWord(word) : word)));
const dynamic = (value: string): ShellWord => ({ ...literalWord(value), dynamic: true });

describe('readShellBody', () => {
  it.each([
    [['bash', '-c', 'rm x'], 'rm x'],
    [['sh', '-lc', 'rm x'], 'rm x'],
    [['/bin/zsh', '-x', '-c', 'rm x', 'name', 'arg'], 'rm x'],
    [['dash', '-c', '-e', 'rm x'], 'rm x'],
    [['bash', '--norc', '-o', 'pipefail', '-c', 'rm x'], 'rm x'],
    [['eval', 'rm', '-rf', 'x'], 'rm -rf x'],
    [['su', '-c', 'rm x', 'root'], 'rm x'],
    [['su', '--command=rm x'], 'rm x'],
    [['watch', '-n', '1', 'rm', 'x'], 'rm x'],
    [['flock', '/tmp/lock', '-c', 'rm x'], 'rm x'],
    [['script', '-q', '--command=rm x', '/dev/null'], 'rm x'],
    [['trap', 'rm x', 'EXIT'], 'rm x'],
    [['trap', '--', 'rm x', 'INT', 'TERM'], 'rm x'],
  ])('%j runs %j', (argv, expected) => {
    expect(body(...argv)).toEqual({ kind: 'static', body: expected });
  });

  it('reports a script only known at run time', () => {
    expect(body('bash', '-c', dynamic('$SCRIPT'))).toEqual({ kind: 'dynamic' });
    expect(body('eval', dynamic('$x'))).toEqual({ kind: 'dynamic' });
  });

  it('is undefined when no script is given on the command line', () => {
    expect(body('bash', 'script.sh')).toBeUndefined();
    expect(body('bash', '-c')).toBeUndefined();
    expect(body('eval')).toBeUndefined();
    expect(body('su', 'root')).toBeUndefined();
    expect(body('ls', '-c', 'x')).toBeUndefined();
    expect(body('trap', '-', 'EXIT')).toBeUndefined();
    expect(body('trap', 'EXIT')).toBeUndefined();
    expect(body('trap', '-p')).toBeUndefined();
  });
});
