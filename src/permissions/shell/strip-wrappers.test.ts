import { describe, expect, it } from 'vitest';
import { literalWord } from './read-word.ts';
import { stripWrappers } from './strip-wrappers.ts';

function strip(command: string) {
  const result = stripWrappers(command.split(' ').map(literalWord));
  return { ...result, argv: result.argv.map((word) => word.value).join(' ') };
}

describe('stripWrappers', () => {
  it.each([
    ['timeout 5 rm x', 'rm x'],
    ['timeout -s KILL --kill-after=2 5s rm x', 'rm x'],
    ['time -p rm x', 'rm x'],
    ['nice rm x', 'rm x'],
    ['nice -n 5 rm x', 'rm x'],
    ['nice -5 rm x', 'rm x'],
    ['nohup rm x', 'rm x'],
    ['stdbuf -oL -e 0 rm x', 'rm x'],
    ['command rm x', 'rm x'],
    ['command -p rm x', 'rm x'],
    ['builtin cd x', 'cd x'],
    ['noglob rm x', 'rm x'],
    ['exec -a name rm x', 'rm x'],
    ['env -i -u HOME A=1 B=2 rm x', 'rm x'],
    ['sudo -u root -E rm x', 'rm x'],
    ['xargs -0 -n 1 rm', 'rm'],
    ['/usr/bin/timeout 5 rm', 'rm'],
    ['sudo timeout 5 nice -n 2 env A=1 rm x', 'rm x'],
  ])('%s → %s', (command, expected) => {
    expect(strip(command).argv).toBe(expected);
  });

  it('keeps what is not a wrapper, or a wrapper with nothing to run', () => {
    for (const command of ['command -v rm', 'sudo -e /etc/hosts', 'sudo -l', 'env', 'timeout 5', 'nice', 'ls -la']) {
      expect(strip(command).argv).toBe(command);
    }
  });

  it('records the wrappers and the variables they set', () => {
    expect(strip('sudo FOO=1 env BAR=2 rm x')).toMatchObject({
      wrappers: ['sudo', 'env'],
      assignments: [{ name: 'FOO', value: '1' }, { name: 'BAR', value: '2' }],
    });
  });

  it('knows xargs appends its input unless told to replace', () => {
    expect(strip('xargs rm')).toMatchObject({ appendedArguments: true, runsInput: true });
    expect(strip('xargs -I {} mv {} d')).toMatchObject({ argv: 'mv {} d', appendedArguments: false, runsInput: true });
  });

  it('is unsure where the command starts after an unknown option or a split string', () => {
    expect(strip('timeout --frobnicate 5 rm')).toMatchObject({ argv: 'rm', uncertain: true });
    expect(stripWrappers(['env', '-S', 'rm -rf x'].map(literalWord))).toMatchObject({ uncertain: true });
    expect(stripWrappers(['env', '-S', 'rm -rf x'].map(literalWord)).argv.map((word) => word.value)).toEqual(['rm', '-rf', 'x']);
  });

  it('does not strip a dynamic command name', () => {
    const words = [{ ...literalWord('$W'), dynamic: true }, literalWord('rm')];
    expect(stripWrappers(words).argv).toHaveLength(2);
  });
});
