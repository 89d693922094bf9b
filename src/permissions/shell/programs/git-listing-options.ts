import type { GitOptionSpec } from './read-git-parse-options.ts';

/** Filters that put `git branch` and `git tag` in list mode, their operands then being patterns. */
export const LIST_MODE: readonly GitOptionSpec[] = [
  { long: '--list', short: 'l', value: 'none' },
  // git takes the next word as their commit unless they come last.
  { long: '--contains', value: 'required' },
  { long: '--no-contains', value: 'required' },
  { long: '--merged', value: 'required' },
  { long: '--no-merged', value: 'required' },
  { long: '--points-at', value: 'required' },
];

const FORMATTING: readonly GitOptionSpec[] = [
  { long: '--sort', value: 'required' },
  { long: '--format', value: 'required' },
  { long: '--color', value: 'optional' },
  { long: '--column', value: 'optional' },
  { long: '--ignore-case', short: 'i', value: 'none' },
  { long: '--omit-empty', value: 'none' },
];

/**
 * The options `git branch` lists with. `-v`, `-a`, `-r`, `--sort` and the like do not put it in list
 * mode: `git branch -v NAME` creates NAME (checked with git 2.39).
 */
export const BRANCH_LISTING: readonly GitOptionSpec[] = [
  ...LIST_MODE,
  ...FORMATTING,
  { long: '--verbose', short: 'v', value: 'none' },
  { long: '--quiet', short: 'q', value: 'none' },
  { long: '--all', short: 'a', value: 'none' },
  { long: '--remotes', short: 'r', value: 'none' },
  { long: '--show-current', value: 'none' },
  { long: '--abbrev', value: 'optional' },
];

/** `-n[NUM]` lists too; `-v` verifies the signatures of the tags it names (`git tag --sort=x NAME` creates NAME). */
export const TAG_LINES: GitOptionSpec = { short: 'n', value: 'optional' };
export const TAG_VERIFY: GitOptionSpec = { long: '--verify', short: 'v', value: 'none' };
export const TAG_LISTING: readonly GitOptionSpec[] = [...LIST_MODE, ...FORMATTING, TAG_LINES, TAG_VERIFY];

/** `git remote [-v] [show [-n] NAME | get-url [--push] [--all] NAME]`. */
export const REMOTE_LISTING: readonly GitOptionSpec[] = [
  { long: '--verbose', short: 'v', value: 'none' },
  { short: 'n', value: 'none' },
  { long: '--push', value: 'none' },
  { long: '--all', value: 'none' },
];

export const WORKTREE_LISTING: readonly GitOptionSpec[] = [
  { long: '--verbose', short: 'v', value: 'none' },
  { long: '--porcelain', value: 'none' },
  { short: 'z', value: 'none' },
  { long: '--expire', value: 'required' },
];
