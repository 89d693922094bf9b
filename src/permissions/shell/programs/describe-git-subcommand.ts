import { describeGitConfig } from './describe-git-config.ts';
import { describeGitListing } from './describe-git-listing.ts';
import { describeGitReader } from './describe-git-reader.ts';
import { describeGitRunner } from './describe-git-runner.ts';
import { describeGitWriter } from './describe-git-writer.ts';
import { OTHER_SUBCOMMAND_RULES, REMOTE_PROGRAM_RULES } from './git-option-rules.ts';
import { GIT_READERS } from './git-readers.ts';
import type { GitSubcommandContext } from './git-subcommand-context.ts';
import { scanGitOptions } from './scan-git-options.ts';
import type { ProgramEffects } from './types.ts';

type DescribeGitSubcommand = (context: GitSubcommandContext) => ProgramEffects;

const DESCRIPTIONS: Readonly<Record<string, DescribeGitSubcommand>> = {
  ...Object.fromEntries(Object.keys(GIT_READERS).map((name) => [name, describeGitReader])),
  ...Object.fromEntries(['branch', 'tag', 'remote', 'stash', 'reflog', 'worktree'].map((name) => [name, describeGitListing])),
  ...Object.fromEntries(['rm', 'mv', 'restore', 'checkout', 'clean', 'apply'].map((name) => [name, describeGitWriter])),
  ...Object.fromEntries(['rebase', 'difftool', 'filter-branch', 'bisect', 'submodule'].map((name) => [name, describeGitRunner])),
  config: describeGitConfig,
  // `git help` alone lists the commands; with a topic it opens the manual, in a browser when help.format says so.
  help: ({ args }) => ({ readOnly: args.length === 0, files: [] }),
};

/** Letters that take the rest of their bundle as a value, for the subcommands of `OTHER_SUBCOMMAND_RULES`. */
const OTHER_SHORT_VALUES: Readonly<Record<string, string>> = { clone: 'obj' };

/**
 * Describes one git subcommand. Any other than those known to read (fetch, push, commit, ls-remote, an
 * alias, a `git-NAME` program on the PATH) is not read-only; for those only the options that run a
 * program or write a file are looked for.
 */
export function describeGitSubcommand(context: GitSubcommandContext): ProgramEffects {
  const effects = describeByName(context);
  if (effects.readOnly || effects.unnamedFiles || NAMES_ITS_FILES.has(context.name)) return effects;
  return { ...effects, unnamedFiles: `git ${context.name || '(a subcommand only known at run time)'} may change or read files of the working tree it does not name`, ...(context.name ? {} : { printsRepositoryContent: { repositoryKnown: true } }) };
}

/**
 * The subcommands that, beyond the files their words name, only touch the repository's own store (which is
 * protected) or remotes. Any other that is not read-only (`commit -a`, `stash pop`, `reset --hard`, `merge`,
 * `switch`, `add -A`, a runner) reads or rewrites working-tree files it does not name.
 */
const NAMES_ITS_FILES = new Set(['branch', 'tag', 'remote', 'reflog', 'fetch', 'push', 'ls-remote', 'gc', 'prune', 'config', 'rm', 'mv', 'restore', 'clean', 'checkout', 'apply', 'init', 'clone', 'archive', 'help', 'update-ref', 'symbolic-ref', 'count-objects', 'fsck']);

function describeByName(context: GitSubcommandContext): ProgramEffects {
  if (Object.hasOwn(DESCRIPTIONS, context.name)) return DESCRIPTIONS[context.name]!(context);
  const rules = Object.hasOwn(OTHER_SUBCOMMAND_RULES, context.name) ? OTHER_SUBCOMMAND_RULES[context.name]! : REMOTE_PROGRAM_RULES;
  const shortValues = Object.hasOwn(OTHER_SHORT_VALUES, context.name) ? OTHER_SHORT_VALUES[context.name]! : '';
  const scan = scanGitOptions({ args: context.args, rules, shortValues, directory: context.directory });
  return { readOnly: false, files: scan.files, ...(scan.opaque ? { opaque: scan.opaque } : {}) };
}
