import type { ShellWord } from '../types.ts';
import { abbreviatesLongOption } from './abbreviates-long-option.ts';

/** The options of a subcommand that take the next word as their value (`--author NAME`, `-n 5`). */
export interface GitValueOptions {
  /** Long options, in full (a value given with `=` needs no entry). */
  long: readonly string[];
  /** Letters that take a value, attached (`-n5`) or, last in their bundle, the next word. */
  short: string;
  /** The subcommand takes abbreviated long options (parse-options; the revision options of `log` do not). */
  abbreviations?: boolean;
}

/** The operands of a git subcommand. */
export interface GitOperands {
  /** Before `--`: revisions, paths, or whatever the subcommand reads first (a pattern, a name). */
  beforeSeparator: ShellWord[];
  /** After the first `--`: paths. */
  afterSeparator: ShellWord[];
  /**
   * A word whose value is known only at run time (an expansion, a glob) stands where git may read it as
   * an option (`git log $FLAGS`, `git diff *` with a file named `--output=x`).
   */
  unresolvedOption: boolean;
}

/**
 * Flags known to take no value, so a `--` after one of them is a separator, not its value: after an
 * unknown option, `--` may be what it takes (`git log --grep -- $X` greps for `--` and reads `$X` as
 * an option), so an unknown word after it still counts as unresolved.
 */
const FLAGS = new Set([
  '-p', '-z', '-q', '-s', '--oneline', '--stat', '--shortstat', '--numstat', '--name-only', '--name-status', '--cached',
  '--staged', '--patch', '--follow', '--all', '--graph', '--decorate', '--no-color', '--reverse', '--first-parent',
  '--no-merges', '--merges', '--porcelain', '--short', '--raw', '--summary', '--quiet', '--exit-code', '--check',
  '--no-renames', '--full-history', '--word-diff', '--ignore-all-space', '--count', '--line-number', '--untracked',
]);

/** Splits the words after a git subcommand into operands, skipping options and the values of `values`. */
export function listGitOperands(args: readonly ShellWord[], values: GitValueOptions): GitOperands {
  const result: GitOperands = { beforeSeparator: [], afterSeparator: [], unresolvedOption: false };
  let separator: 'none' | 'trusted' | 'untrusted' = 'none';
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    const unknown = word.dynamic || word.glob;
    if (separator !== 'none') {
      result.afterSeparator.push(word);
      if (unknown && separator === 'untrusted') result.unresolvedOption = true;
    } else if (word.value === '--') {
      separator = index === 0 || isTrustedBefore(args[index - 1]!) ? 'trusted' : 'untrusted';
    } else if (unknown || !word.value.startsWith('-') || word.value === '-') {
      result.beforeSeparator.push(word);
      if (unknown) result.unresolvedOption = true;
    } else if (takesNextWord(word.value, values)) {
      index++;
    }
  }
  return result;
}

function isTrustedBefore(word: ShellWord): boolean {
  return !word.value.startsWith('-') || word.value.includes('=') || FLAGS.has(word.value);
}

function takesNextWord(text: string, values: GitValueOptions): boolean {
  if (text.startsWith('--')) return !text.includes('=') && values.long.some((option) => option === text || (values.abbreviations === true && abbreviatesLongOption(text, option)));
  for (let position = 1; position < text.length; position++) {
    if (values.short.includes(text[position]!)) return position === text.length - 1;
  }
  return false;
}
