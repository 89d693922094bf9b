import { READ_ONLY_GIT_SUBCOMMANDS } from './read-only-commands.ts';

/**
 * Whether a `git` invocation (its arguments after `git`) only reads: a read-only subcommand, no `--output`,
 * no `-c` config override (which can run programs) and, for the list-or-change subcommands (`branch`, `tag`,
 * `remote`, `config`, `stash`, `reflog`, `worktree`), only their listing forms.
 */
export function isReadOnlyGit(args: readonly string[]): boolean {
  let index = 0;
  while (index < args.length && args[index]!.startsWith('-')) {
    const option = args[index]!;
    if (option === '-c' || option.startsWith('--exec-path') || option.startsWith('--config-env')) return false;
    index += option === '-C' || option === '--git-dir' || option === '--work-tree' ? 2 : 1;
  }
  const subcommand = args[index];
  const rest = args.slice(index + 1);
  if (subcommand === undefined || !READ_ONLY_GIT_SUBCOMMANDS.has(subcommand)) return false;
  if (rest.some((argument) => argument.startsWith('--output') || argument === '--ext-diff' || argument.startsWith('--textconv'))) return false;
  const positional = rest.filter((argument) => !argument.startsWith('-'));
  switch (subcommand) {
    case 'branch':
      return rest.every((argument) => /^(-a|-r|-v|-vv|--all|--remotes|--verbose|--list|-l|--show-current|--merged|--no-merged|--contains|--color|--no-color)$/.test(argument) || (!argument.startsWith('-') && rest.some((option) => option === '--list' || option === '-l')));
    case 'tag':
      return positional.length === 0 || rest.includes('-l') || rest.includes('--list');
    case 'remote':
      return positional.length === 0 || (positional[0] === 'show' || positional[0] === 'get-url');
    case 'config':
      return rest.some((argument) => /^(--get|--get-all|--get-regexp|--list|-l)$/.test(argument));
    case 'stash':
      return positional[0] === 'list' || positional[0] === 'show';
    case 'reflog':
      return positional.length === 0 || positional[0] === 'show';
    case 'worktree':
      return positional[0] === 'list';
    default:
      return true;
  }
}
