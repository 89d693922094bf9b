import { skipOptions, type OptionSpec } from './skip-options.ts';
import type { ShellRedirect, ShellWord } from './types.ts';
import { commandBaseName } from './wrapper-commands.ts';

/**
 * The script a command hands to a shell: known text, text only known at run time, or whatever arrives on
 * standard input (a pipe, the terminal): none of the last two can be checked before it runs.
 */
export type ShellBody = { kind: 'static'; body: string } | { kind: 'dynamic' } | { kind: 'stdin' };

const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash', 'mksh', 'yash']);
const SHELL_LONG_WITH_VALUE = new Set(['--rcfile', '--init-file']);
/** Files that are standard input, or a pipe: `source /dev/stdin` runs what arrives there. */
const STANDARD_INPUT = /^\/dev\/(?:stdin|fd\/\d+)$|^\/proc\/(?:self|\d+)\/fd\/\d+$/;
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
 * The shell script a command runs, when it runs one: `bash -c 'rm x'`, `sh -lc …`, a shell or `source`
 * fed a heredoc or here-string (`bash <<< 'rm x'`) or anything else on standard input (`curl x | sh`),
 * `eval …` (its words joined), `su -c …`, `flock -c …`, `script -c …`, `watch …`, `trap '…' EXIT`.
 * Undefined for any other command, and for a shell running a script file (`bash build.sh`, `sh < x.sh`).
 */
export function readShellBody(argv: readonly ShellWord[], redirects: readonly ShellRedirect[] = []): ShellBody | undefined {
  const first = argv[0];
  if (!first || first.dynamic) return undefined;
  const name = commandBaseName(first.value);
  if (SHELLS.has(name) || name === 'fish') {
    const fromOptions = shellCommandString(argv);
    const body = fromOptions === null ? standardInput(redirects) : fromOptions;
    return name === 'fish' && body ? { kind: 'dynamic' } : body;
  }
  if (name === 'source' || name === '.') return sourced(argv, redirects);
  if (name === 'eval') return joined(argv.slice(1));
  if (name === 'alias') return aliasBodies(argv.slice(1));
  if (Object.hasOwn(COMMAND_OPTIONS, name)) return commandOption(argv, COMMAND_OPTIONS[name]!);
  if (name === 'trap') return trapAction(argv);
  if (name === 'watch') return joined(argv.slice(1 + skipOptions(argv.slice(1).map((word) => word.value), WATCH_OPTIONS).next));
  return undefined;
}

/**
 * bash reads the script from the first operand after all options when `-c` is among them; otherwise the
 * first operand is a script file, and with none (or `-s`) the script is standard input (`null` here).
 */
function shellCommandString(argv: readonly ShellWord[]): ShellBody | undefined | null {
  let hasCommandOption = false;
  let readsStandardInput = false;
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
    if (word.includes('s') && word.startsWith('-')) readsStandardInput = true;
    index += /[oO]/.test(word) ? 2 : 1;
  }
  const script = argv[index];
  if (!hasCommandOption) return script === undefined || readsStandardInput ? null : undefined;
  if (!script) return undefined;
  return script.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: script.value };
}

/** What a shell reading standard input runs: a heredoc or here-string it is given, a script file (`< x.sh`), or a pipe. */
function standardInput(redirects: readonly ShellRedirect[]): ShellBody | undefined {
  const input = redirects.filter((redirect) => redirect.operator.startsWith('<') || /^0</.test(redirect.operator)).at(-1);
  if (input?.content) return input.content.static ? { kind: 'static', body: input.content.text } : { kind: 'dynamic' };
  if (input && !STANDARD_INPUT.test(input.target)) return input.static ? undefined : { kind: 'dynamic' };
  return { kind: 'stdin' };
}

/** `source FILE` runs a script file; `source /dev/stdin` or `source <(…)` runs what arrives there. */
function sourced(argv: readonly ShellWord[], redirects: readonly ShellRedirect[]): ShellBody | undefined {
  const file = argv[1];
  if (!file) return undefined;
  if (file.dynamic) return { kind: 'dynamic' };
  if (file.processSubstitution) return { kind: 'stdin' };
  return STANDARD_INPUT.test(file.value) ? standardInput(redirects) : undefined;
}

function commandOption(argv: readonly ShellWord[], names: readonly string[]): ShellBody | undefined {
  const short = names.find((name) => /^-[a-z]$/.test(name))?.[1];
  for (let index = 1; index < argv.length; index++) {
    const word = argv[index]!.value;
    const long = names.find((name) => name.startsWith('--') && word.startsWith(`${name}=`));
    if (long) return argv[index]!.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: word.slice(long.length + 1) };
    // `-qc CMD` and `-cCMD`: the option may close a cluster of flags, or carry its value.
    const cluster = short !== undefined && /^-[a-zA-Z]+/.test(word) && !word.startsWith('--') ? word.indexOf(short) : -1;
    if (cluster > 0 && cluster < word.length - 1) return argv[index]!.dynamic ? { kind: 'dynamic' } : { kind: 'static', body: word.slice(cluster + 1) };
    if (!names.includes(word) && cluster !== word.length - 1) continue;
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

/** `alias x='rm -rf /'`: with `shopt -s expand_aliases`, later lines run the alias text as code. */
function aliasBodies(words: readonly ShellWord[]): ShellBody | undefined {
  const definitions = words.filter((word) => word.value.includes('='));
  if (definitions.length === 0) return undefined;
  if (definitions.some((word) => word.dynamic)) return { kind: 'dynamic' };
  return { kind: 'static', body: definitions.map((word) => word.value.slice(word.value.indexOf('=') + 1)).join('\n') };
}

function joined(words: readonly ShellWord[]): ShellBody | undefined {
  if (words.length === 0) return undefined;
  if (words.some((word) => word.dynamic)) return { kind: 'dynamic' };
  return { kind: 'static', body: words.map((word) => word.value).join(' ') };
}
