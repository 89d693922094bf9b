import { describe, expect, it } from 'vitest';
import { findExecCommands } from './find-exec-commands.ts';
import { literalWord } from './read-word.ts';

function execs(...argv: string[]): string[] {
  return findExecCommands(argv.map(literalWord)).map((words) => words.map((word) => word.value).join(' '));
}

describe('findExecCommands', () => {
  it('finds every -exec, -execdir, -ok and -okdir up to its terminator', () => {
    expect(execs('find', '.', '-exec', 'rm', '{}', ';', '-execdir', 'chmod', '+x', '{}', '+', '-ok', 'cat', '{}', ';')).toEqual([
      'rm {}',
      'chmod +x {}',
      'cat {}',
    ]);
  });

  it('takes the rest of the line when unterminated', () => {
    expect(execs('/usr/bin/find', '-okdir', 'rm', '-f', '{}')).toEqual(['rm -f {}']);
  });

  it('ignores other commands and finds without actions', () => {
    expect(execs('ls', '-exec', 'rm')).toEqual([]);
    expect(execs('find', '.', '-name', '*.ts')).toEqual([]);
  });
});
