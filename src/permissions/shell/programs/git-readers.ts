import type { GitOptionRule } from './git-option-rule.ts';
import { BLAME_RULES, CAT_FILE_RULES, COMMON_RULES, GREP_RULES, LOG_RULES, LS_FILES_RULES } from './git-option-rules.ts';
import type { GitValueOptions } from './list-git-operands.ts';

/** What codev knows of a read-only git subcommand. */
export interface GitReader {
  /** The options that make it write, read a named file or run a program. */
  rules: readonly GitOptionRule[];
  /** Its options that take a value. */
  values: GitValueOptions & {
    /** Letters whose value can only be attached (`-U3`, `-M50%`): they end a bundle, the next word is not theirs. */
    attached?: string;
  };
  /**
   * What its operands name: paths (revisions too, read as paths, fail closed), only the paths inside
   * `REV:path`, nothing, or the shapes of `diff` and `grep` that read files outside the repository.
   */
  operands: 'paths' | 'object-paths' | 'none' | 'diff' | 'grep';
}

/** Checked with `git log -1 OPTION VALUE -- file` (git 2.39): these take the next word. */
const LOG_VALUES: GitReader['values'] = {
  long: [
    '--max-count', '--skip', '--since', '--after', '--until', '--before', '--author', '--committer', '--grep',
    '--find-object', '--diff-algorithm', '--word-diff-regex', '--src-prefix', '--dst-prefix', '--line-prefix',
    '--anchored', '--skip-to', '--rotate-to', '--ignore-matching-lines', '--diff-filter', '--stat-width', '--encoding',
    '--exclude', '--glob', '--decorate-refs', '--date', '--output',
  ],
  short: 'nSGOLI',
  attached: 'UBMClX',
};
const LOG: GitReader = { rules: LOG_RULES, values: LOG_VALUES, operands: 'paths' };
const PLAIN: GitReader = { rules: COMMON_RULES, values: { long: [], short: '' }, operands: 'paths' };
const NO_PATHS: GitReader = { ...PLAIN, operands: 'none' };

/** The subcommands that only read (their listing-or-changing cousins, `branch` and the like, are apart). */
export const GIT_READERS: Readonly<Record<string, GitReader>> = {
  log: LOG,
  show: LOG,
  whatchanged: LOG,
  shortlog: LOG,
  'rev-list': LOG,
  'diff-tree': LOG,
  'diff-files': LOG,
  'diff-index': LOG,
  diff: { ...LOG, operands: 'diff' },
  grep: {
    rules: GREP_RULES,
    values: { long: ['--max-depth', '--threads', '--context', '--after-context', '--before-context', '--max-count'], short: 'efABCm', abbreviations: true },
    operands: 'grep',
  },
  blame: { rules: BLAME_RULES, values: { long: ['--contents', '--ignore-rev', '--ignore-revs-file'], short: 'LS', attached: 'MC', abbreviations: true }, operands: 'paths' },
  'ls-files': {
    rules: LS_FILES_RULES,
    values: { long: ['--exclude', '--exclude-from', '--exclude-per-directory', '--with-tree', '--format'], short: 'xX', abbreviations: true },
    operands: 'paths',
  },
  'ls-tree': PLAIN,
  status: PLAIN,
  'check-ignore': PLAIN,
  'check-attr': PLAIN,
  'cat-file': { rules: CAT_FILE_RULES, values: { long: [], short: '' }, operands: 'object-paths' },
  'rev-parse': NO_PATHS,
  describe: NO_PATHS,
  'show-ref': NO_PATHS,
  'merge-base': NO_PATHS,
  'name-rev': NO_PATHS,
  version: NO_PATHS,
  'for-each-ref': NO_PATHS,
  'count-objects': NO_PATHS,
  var: NO_PATHS,
};
