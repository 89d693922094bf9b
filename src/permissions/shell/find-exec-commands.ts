import type { ShellWord } from './types.ts';
import { commandBaseName } from './wrapper-commands.ts';

const EXEC_ACTIONS = new Set(['-exec', '-execdir', '-ok', '-okdir']);

/**
 * The commands a `find` runs through `-exec`, `-execdir`, `-ok` and `-okdir`, each up to its `;` or `{} +`
 * (or to the end when unterminated). Empty for anything but find.
 */
export function findExecCommands(argv: readonly ShellWord[]): ShellWord[][] {
  const name = argv[0];
  if (!name || name.dynamic || commandBaseName(name.value) !== 'find') return [];
  const commands: ShellWord[][] = [];
  let index = 1;
  while (index < argv.length) {
    if (!EXEC_ACTIONS.has(argv[index]!.value)) {
      index++;
      continue;
    }
    const command: ShellWord[] = [];
    index++;
    while (index < argv.length && !endsExec(argv, index)) command.push(argv[index++]!);
    index++;
    if (command.length > 0) commands.push(command);
  }
  return commands;
}

function endsExec(argv: readonly ShellWord[], index: number): boolean {
  const value = argv[index]!.value;
  return value === ';' || (value === '+' && argv[index - 1]?.value === '{}');
}
