import type { DescribeProgram, ProgramEffects } from './types.ts';

/** `set` letters that only change how errors and tracing behave: `-e`, `-u`, `-x`, `-v`, `-C`, `-E`, `-f`, `-o pipefail`… */
const SET_LETTERS = /^[-+][euxvCEfBbhm]*o?$/;
const SET_NAMES = new Set(['errexit', 'nounset', 'xtrace', 'verbose', 'pipefail', 'noclobber', 'errtrace', 'noglob', 'braceexpand', 'notify', 'hashall', 'monitor']);
/**
 * `shopt` names that change neither which files a glob names, nor what runs, nor where a `cd` goes (not
 * dotglob, globstar, nocaseglob, extglob, expand_aliases, extdebug, lastpipe).
 */
const SHOPT_NAMES = new Set(['nullglob', 'failglob', 'inherit_errexit', 'nocasematch', 'checkwinsize', 'histappend', 'cmdhist']);

const NO_OP: ProgramEffects = { readOnly: true, files: [] };
const CHANGES_SHELL: ProgramEffects = { readOnly: false, files: [], unnamedFiles: 'it changes how the shell runs the commands after it' };

/**
 * `set`: read-only (nothing but shell state changes) with only options that change error handling and
 * tracing (`set -euo pipefail`). `set` alone prints every variable; `-a` exports what later commands assign,
 * `-k` puts assignments anywhere in the environment, `-P` makes `cd link/..` physical, `--` sets the
 * positional parameters: not no-ops.
 */
export const describeSet: DescribeProgram = (args) => {
  if (args.length === 0) return CHANGES_SHELL;
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    if (word.dynamic) return CHANGES_SHELL;
    if (word.value === '-o' || word.value === '+o') {
      const name = args[++index];
      if (!name || name.dynamic || !SET_NAMES.has(name.value)) return CHANGES_SHELL;
      continue;
    }
    if (!SET_LETTERS.test(word.value)) return CHANGES_SHELL;
    // `-euo pipefail`: an `o` ends the bundle and takes the next word.
    if (word.value.endsWith('o')) {
      const name = args[++index];
      if (!name || name.dynamic || !SET_NAMES.has(name.value)) return CHANGES_SHELL;
    }
  }
  return NO_OP;
};

/** `shopt -s NAME…` / `-u NAME…` with names that change neither globbing nor what runs; `shopt` alone or `-p` lists. */
export const describeShopt: DescribeProgram = (args) => {
  const [mode, ...names] = args;
  if (!mode) return NO_OP;
  if (mode.dynamic || !['-s', '-u', '-q', '-p'].includes(mode.value)) return CHANGES_SHELL;
  if (mode.value === '-s' && (names.length === 0 || names.some((name) => name.dynamic || !SHOPT_NAMES.has(name.value)))) return CHANGES_SHELL;
  if (mode.value !== '-s' && names.some((name) => name.dynamic)) return CHANGES_SHELL;
  return NO_OP;
};
