import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { changeGitDirectory } from './join-git-path.ts';

/** What the options between `git` and its subcommand say. */
export interface GitGlobalOptions {
  /** The subcommand (`--help`/`-h` read as `help`, `--version`/`-v` as `version`); absent when git runs none. */
  subcommand?: ShellWord;
  /** The words after the subcommand. */
  rest: readonly ShellWord[];
  /** Where git starts looking for its repository: `-C` applied to `.`. */
  directory: ShellWord;
  /** No option runs code, overrides configuration or points git at another repository than the one it finds. */
  readOnly: boolean;
  opaque?: string;
}

/** These change nothing but how git prints or matches pathspecs. */
const HARMLESS = new Set([
  '-p', '--paginate', '-P', '--no-pager', '--no-replace-objects', '--literal-pathspecs', '--no-literal-pathspecs',
  '--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs', '--no-optional-locks', '--no-lazy-fetch',
]);
/** These print a path and exit before any subcommand runs. */
const PRINT_AND_EXIT = new Set(['--exec-path', '--html-path', '--man-path', '--info-path']);
/** With these, the repository is not the one discovered from the directory, so its checks do not hold. */
const ANOTHER_REPOSITORY = ['--git-dir', '--work-tree', '--namespace', '--super-prefix'];
/** git reads these as the `help` and `version` subcommands (`git --help log` is `git help log`). */
const SUBCOMMAND_FLAGS: Readonly<Record<string, string>> = { '--help': 'help', '-h': 'help', '--version': 'version', '-v': 'version' };
const CONFIGURATION = 'git -c sets configuration that can run programs';

/**
 * Reads git's own options, up to the subcommand. git matches them exactly (no abbreviations, no attached
 * `-Cdir`), and any it does not know stop it with a usage message; one unknown here is not read-only.
 */
export function readGitGlobalOptions(args: readonly ShellWord[]): GitGlobalOptions {
  const result: GitGlobalOptions = { subcommand: undefined, rest: [], directory: CURRENT_DIRECTORY, readOnly: true, opaque: undefined };
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    const text = word.value;
    // Filled in place, not spread: this runs for every git command the permission check sees.
    if (!text.startsWith('-')) {
      result.subcommand = word;
      result.rest = args.slice(index + 1);
      return result;
    }
    if (Object.hasOwn(SUBCOMMAND_FLAGS, text)) {
      result.subcommand = literalWord(SUBCOMMAND_FLAGS[text]!);
      result.rest = args.slice(index + 1);
      return result;
    }
    if (PRINT_AND_EXIT.has(text)) return result;
    index += readOption(args, index, result);
  }
  return result;
}

const CURRENT_DIRECTORY: ShellWord = Object.freeze(literalWord('.'));

/** Applies the option at `index` to `result`; returns how many value words it took. */
function readOption(args: readonly ShellWord[], index: number, result: GitGlobalOptions): number {
  const text = args[index]!.value;
  const value = args[index + 1];
  if (HARMLESS.has(text)) return 0;
  if (text === '-C' && value !== undefined) {
    result.directory = changeGitDirectory(result.directory, value);
    // A directory only known at run time is one the engine cannot check.
    if (value.dynamic || value.glob) result.readOnly = false;
    return 1;
  }
  result.readOnly = false;
  if (text === '-c' || text === '--config-env') {
    result.opaque ??= CONFIGURATION;
    return 1;
  }
  if (text.startsWith('--config-env=')) result.opaque ??= CONFIGURATION;
  else if (text.startsWith('--exec-path=')) result.opaque ??= 'git --exec-path runs git commands from another folder';
  return ANOTHER_REPOSITORY.includes(text) ? 1 : 0;
}
