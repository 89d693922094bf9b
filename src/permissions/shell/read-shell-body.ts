import { skipOptions, type OptionSpec } from './skip-options.ts';
import type { ShellWord } from './types.ts';
import { commandBaseName } from './wrapper-commands.ts';

/** The script a command hands to a shell: known text, or text only known at run time. */
export type ShellBody = { kind: 'static'; body: string } | { kind: 'dynamic' };

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'yash']);
const SHELL_LONG_WITH_VALUE = new Set(['--rcfile', '--init-file']);
const SU_COMMAND = new Set(['-c', '--command', '--session-command']);
const WATCH_OPTIONS: OptionSpec = {
  shortWithValue: 'n',
  shortOptionalValue: 'd',
  shortFlags: 'tbegcxpwqr',
  longWithValue: ['--interval'],
  longFlags: ['--differences', '--no-title', '--beep', '--errexit', '--chgexit', '--color', '--no-color', '--exec', '--precise', '--no-wrap', '--no-rerun'],
};

/**
 * The shell script a command runs, when it runs one: `bash -c 'rm x'`, `sh -lc …`, `eval …` (its words
 * joined), `su -c …`, `watch …`. Undefined for any other command.
 */
export function readShellBody(argv: readonly ShellWord[]): ShellBody | undefined {
  const first = argv[0];
  if (!first || first.dynamic) return undefined;
  const name = commandBaseName(first.value);
  if (SHELLS.has(name)) return shellCommandString(argv);
  if (name === 'eval') return joined(argv.slice(1));
  if (name === 'su') return suCommand(argv);
  if (name === 'watch') return joined(argv.slice(skipOptions(argv.map((word) => word.value), 1, WATCH_OPTIONS).next));
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

function suCommand(argv: readonly ShellWord[]): ShellBody | undefined {
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index]!.value;
    if (word.startsWith('--command=')) return argv[index]!.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: word.slice('--command='.length) };
    if (!SU_COMMAND.has(word)) continue;
    const script = argv[index + 1];
    if (!script) return undefined;
    return script.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: script.value };
  }
  return undefined;
}

function joined(words: readonly ShellWord[]): ShellBody | undefined {
  if (words.length === 0) return undefined;
  if (words.some((word) => word.dynamic)) return { kind: 'dynamic' };
  return { kind: 'static', body: words.map((word) => word.value).join(' ') };
}
