import { BRANCH_LISTING, LIST_MODE, REMOTE_LISTING, TAG_LINES, TAG_LISTING, TAG_VERIFY, WORKTREE_LISTING } from './git-listing-options.ts';
import { GIT_READERS } from './git-readers.ts';
import type { GitSubcommandContext } from './git-subcommand-context.ts';
import { listGitOperands } from './list-git-operands.ts';
import { readGitParseOptions, type GitOptionSpec, type ParsedGitOptions } from './read-git-parse-options.ts';
import { scanGitOptions } from './scan-git-options.ts';
import type { ProgramEffects } from './types.ts';

const NOT_READ_ONLY: ProgramEffects = { readOnly: false, files: [] };

/**
 * The subcommands that list or change (`branch`, `tag`, `remote`, `stash`, `reflog`, `worktree`):
 * read-only in their listing forms only, every option then being one known to list.
 */
export function describeGitListing(context: GitSubcommandContext): ProgramEffects {
  switch (context.name) {
    case 'branch':
      return listsWith(context, { specs: BRANCH_LISTING, listing: LIST_MODE });
    case 'tag':
      return listsWith(context, { specs: TAG_LISTING, listing: [...LIST_MODE, TAG_LINES, TAG_VERIFY] });
    case 'remote':
      return describeRemote(context);
    case 'worktree':
      return onlyOptions(readGitParseOptions(context.args.slice(1), WORKTREE_LISTING), context.args[0]?.value === 'list' ? 0 : -1);
    default:
      return describeLogListing(context);
  }
}

/** Read-only when every option is in `specs`, and operands come only with an option that means listing. */
function listsWith({ args }: GitSubcommandContext, { specs, listing }: { specs: readonly GitOptionSpec[]; listing: readonly GitOptionSpec[] }): ProgramEffects {
  const parsed = readGitParseOptions(args, specs);
  const listMode = parsed.operands.length === 0 || parsed.options.some((option) => !option.negated && listing.includes(option.spec));
  return { readOnly: !parsed.unknown && listMode, files: [] };
}

/** `git remote`, `git remote -v`, `git remote show NAME`, `git remote get-url NAME`. */
function describeRemote({ args }: GitSubcommandContext): ProgramEffects {
  const parsed = readGitParseOptions(args, REMOTE_LISTING);
  const action = parsed.operands[0]?.value;
  if (action === undefined) return onlyOptions(parsed, 0);
  return action === 'show' || action === 'get-url' ? onlyOptions(parsed, parsed.operands.length) : NOT_READ_ONLY;
}

/** Read-only when the options are all known and there are `operands` operands (-1: never). */
function onlyOptions(parsed: ParsedGitOptions, operands: number): ProgramEffects {
  return { readOnly: !parsed.unknown && parsed.operands.length === operands, files: [] };
}

/**
 * `git stash list|show` and `git reflog [show|exists]`, which take the log and diff options: read-only
 * unless one of those writes or runs something. `git stash` alone stashes; `git reflog expire|delete` writes.
 */
function describeLogListing({ name, args, directory }: GitSubcommandContext): ProgramEffects {
  const action = args[0]?.value;
  const log = GIT_READERS.log!;
  const operands = listGitOperands(args, log.values);
  const changes =
    name === 'stash'
      ? action !== 'list' && action !== 'show'
      : operands.beforeSeparator.some((word) => word.value === 'expire' || word.value === 'delete');
  if (changes) return NOT_READ_ONLY;
  const scan = scanGitOptions({ args, rules: log.rules, shortValues: log.values.short + (log.values.attached ?? ''), directory });
  return { readOnly: scan.readOnly && !operands.unresolvedOption, files: scan.files, ...(scan.opaque ? { opaque: scan.opaque } : {}) };
}
