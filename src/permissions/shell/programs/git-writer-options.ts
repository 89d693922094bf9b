import type { GitOptionSpec } from './read-git-parse-options.ts';

const flag = (long: string | undefined, short?: string): GitOptionSpec => ({ ...(long ? { long } : {}), ...(short ? { short } : {}), value: 'none' });
const valued = (long: string | undefined, short?: string): GitOptionSpec => ({ ...(long ? { long } : {}), ...(short ? { short } : {}), value: 'required' });

/** Its paths come from a file (or standard input), so which files it changes is not known. */
export const PATHSPEC_FROM_FILE = valued('--pathspec-from-file');
export const RECURSIVE = flag(undefined, 'r');
export const FORCE = flag('--force', 'f');
export const DRY_RUN = flag('--dry-run', 'n');
export const INTERACTIVE = flag('--interactive', 'i');
/** `git checkout` options that create or switch branches rather than restore paths. */
export const BRANCH_OPTIONS = [valued(undefined, 'b'), valued(undefined, 'B'), valued('--orphan'), flag('--detach')];

const PATHSPEC = [PATHSPEC_FROM_FILE, flag('--pathspec-file-nul'), flag('--quiet', 'q')];
const RESTORING = [
  ...PATHSPEC, flag('--ours'), flag('--theirs'), flag('--merge', 'm'), valued('--conflict'), flag('--patch', 'p'), flag('--progress'),
  flag('--ignore-skip-worktree-bits'), flag('--recurse-submodules'), flag('--overlay'),
];

/** The options of the git subcommands that change files as their purpose (git 2.39), as far as codev knows them. */
export const WRITER_OPTIONS: Readonly<Record<string, readonly GitOptionSpec[]>> = {
  rm: [...PATHSPEC, FORCE, DRY_RUN, RECURSIVE, flag('--cached'), flag('--ignore-unmatch'), flag('--sparse')],
  mv: [FORCE, DRY_RUN, flag(undefined, 'k'), flag('--verbose', 'v'), flag('--sparse')],
  restore: [...RESTORING, valued('--source', 's'), flag('--worktree', 'W'), flag('--staged', 'S'), flag('--ignore-unmerged')],
  checkout: [
    ...RESTORING, ...BRANCH_OPTIONS, FORCE, { long: '--track', short: 't', value: 'optional' }, flag('--guess'), flag(undefined, 'l'),
    flag('--ignore-other-worktrees'), flag('--overwrite-ignore'),
  ],
  clean: [FORCE, DRY_RUN, INTERACTIVE, flag('--quiet', 'q'), valued('--exclude', 'e'), flag(undefined, 'd'), flag(undefined, 'x'), flag(undefined, 'X')],
};
