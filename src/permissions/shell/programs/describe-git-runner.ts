import type { ShellWord } from '../types.ts';
import type { GitOptionRule } from './git-option-rule.ts';
import type { GitSubcommandContext } from './git-subcommand-context.ts';
import { matchGitOptions } from './scan-git-options.ts';
import type { ProgramEffects } from './types.ts';

const REBASE_EXEC: GitOptionRule = { long: '--exec', short: 'x', value: 'required', effect: 'runs' };
const DIFFTOOL_COMMAND: GitOptionRule = { long: '--extcmd', short: 'x', value: 'required', effect: 'runs' };
/** filter-branch evaluates each of these in the shell. */
const FILTERS: readonly GitOptionRule[] = ['--setup', '--env-filter', '--tree-filter', '--index-filter', '--parent-filter', '--msg-filter', '--commit-filter', '--tag-name-filter'].map((long) => ({ long, value: 'required', effect: 'runs' }));

/**
 * The subcommands that run commands from their words: `rebase -x CMD`, `difftool -x CMD`, `filter-branch
 * --tree-filter CMD` (shell scripts), `bisect run CMD ARGS…` (a command), `submodule foreach CMD…`.
 */
export function describeGitRunner({ name, args }: GitSubcommandContext): ProgramEffects {
  switch (name) {
    case 'rebase':
      // -s, -X, -S and -C take the rest of a bundle as their value (`-Xours`).
      return withScripts(valuesOf(args, [REBASE_EXEC], 'sXSC'));
    case 'difftool':
      // git evaluates `CMD "$LOCAL" "$REMOTE"`: the two files (or folders) compared come last.
      return withScripts(valuesOf(args, [DIFFTOOL_COMMAND], 't').map((command) => ({ ...command, value: `${command.value} "$LOCAL" "$REMOTE"` })));
    case 'filter-branch':
      return withScripts(valuesOf(args, FILTERS, ''));
    case 'bisect':
      return { readOnly: false, files: [], ...(args[0]?.value === 'run' && args.length > 1 ? { commands: [args.slice(1)] } : {}) };
    default:
      return withScripts(foreachScript(args));
  }
}

function valuesOf(args: readonly ShellWord[], rules: readonly GitOptionRule[], shortValues: string): ShellWord[] {
  return matchGitOptions({ args, rules, shortValues }).flatMap((match) => (match.value ? [match.value] : []));
}

function withScripts(scripts: ShellWord[]): ProgramEffects {
  return { readOnly: false, files: [], ...(scripts.length > 0 ? { scripts } : {}) };
}

/**
 * `git submodule [--quiet] foreach [--recursive] [--quiet] CMD…`: git hands the command to the shell in
 * every submodule; its words are read here as one script (what it is when they are more than one, the
 * first being the script and the others its arguments, this over-approximates).
 */
function foreachScript(args: readonly ShellWord[]): ShellWord[] {
  const foreach = args.findIndex((word) => !word.value.startsWith('-'));
  if (foreach === -1 || args[foreach]!.value !== 'foreach') return [];
  const words = args.slice(foreach + 1);
  const start = words.findIndex((word) => !['--recursive', '--quiet', '-q'].includes(word.value));
  const command = start === -1 ? [] : words.slice(start);
  if (command.length === 0) return [];
  return [
    {
      value: command.map((word) => word.value).join(' '),
      dynamic: command.some((word) => word.dynamic),
      glob: command.some((word) => word.glob),
      userTilde: command[0]!.userTilde,
      processSubstitution: command.some((word) => word.processSubstitution),
    },
  ];
}
