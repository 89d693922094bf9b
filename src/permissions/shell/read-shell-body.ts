import { skipOptions, type OptionSpec } from './skip-options.ts';
import type { ShellWord } from './types.ts';
import { commandBaseName } from './wrapper-commands.ts';

/** The script a command hands to a shell: known text, or text only known at run time. */
export type ShellBody = { kind: 'static'; body: string } | { kind: 'dynamic' };

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'yash']);
const SHELL_LONG_WITH_VALUE = new Set(['--rcfile', '--init-file']);
/** Commands whose `-c` option (or its long spelling) is a shell script. */
const COMMAND_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  su: ['-c', '--command', '--session-command'],
  flock: ['-c', '--command'],
  script: ['-c', '--command'],
};
const WATCH_OPTIONS: OptionSpec = {
  shortWithValue: 'n',
  shortOptionalValue: 'd',
  shortFlags: 'tbegcxpwqr',
  longWithValue: ['--interval'],
  longFlags: ['--differences', '--no-title', '--beep', '--errexit', '--chgexit', '--color', '--no-color', '--exec', '--precise', '--no-wrap', '--no-rerun'],
};

/**
 * The shell script a command runs, when it runs one: `bash -c 'rm x'`, `sh -lc …`, `eval …` (its words
 * joined), `su -c …`, `flock -c …`, `script -c …`, `watch …`, `trap '…' EXIT`. Undefined for any other
 * command.
 */
export function readShellBody(argv: readonly ShellWord[]): ShellBody | undefined {
  const first = argv[0];
  if (!first || first.dynamic) return undefined;
  const name = commandBaseName(first.value);
  if (SHELLS.has(name)) return shellCommandString(argv);
  if (name === 'eval') return joined(argv.slice(1));
  if (Object.hasOwn(COMMAND_OPTIONS, name)) return commandOption(argv, COMMAND_OPTIONS[name]!);
  if (name === 'trap') return trapAction(argv);
  if (name === 'watch') return joined(argv.slice(1 + skipOptions(argv.slice(1).map((word) => word.value), WATCH_OPTIONS).next));
  return undefined;
}

/** bash reads the script from the first operand after all options when `-c` is among them. */
function shellCommandString(argv: readonly ShellWord[]): ShellBody | undefined {
  let hasCommandOption = false;
  let index = 1;
  while (index < argv.length) {
    const word = argv[index]!.value;
    if (word === '--' || word === '-') {
      index++;
      break;
    }
    if (!/^[-+]./.test(word)) break;
    if (word.startsWith('--')) {
      index += SHELL_LONG_WITH_VALUE.has(word) ? 2 : 1;
      continue;
    }
    if (word.includes('c')) hasCommandOption = true;
    index += /[oO]/.test(word) ? 2 : 1;
  }
  const script = argv[index];
  if (!hasCommandOption || !script) return undefined;
  return script.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: script.value };
}

function commandOption(argv: readonly ShellWord[], names: readonly string[]): ShellBody | undefined {
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index]!.value;
    const long = names.find((name) => name.startsWith('--') && word.startsWith(`${name}=`));
    if (long) return argv[index]!.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: word.slice(long.length + 1) };
    if (!names.includes(word)) continue;
    const script = argv[index + 1];
    if (!script) return undefined;
    return script.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: script.value };
  }
  return undefined;
}

/** `trap ACTION SIGNAL…` runs ACTION later; one operand alone (or `-`) resets instead. */
function trapAction(argv: readonly ShellWord[]): ShellBody | undefined {
  const operands = argv.slice(1);
  if (operands[0]?.value === '--') operands.shift();
  const action = operands[0];
  if (!action || operands.length < 2 || action.value === '-' || /^-[lp]+$/.test(action.value)) return undefined;
  return action.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: action.value };
}

function joined(words: readonly ShellWord[]): ShellBody | undefined {
  if (words.length === 0) return undefined;
  if (words.some((word) => word.dynamic)) return { kind: 'dynamic' };
  return { kind: 'static', body: words.map((word) => word.value).join(' ') };
}
