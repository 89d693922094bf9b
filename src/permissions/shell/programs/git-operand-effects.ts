import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { abbreviatesLongOption } from './abbreviates-long-option.ts';
import { gitPathOfOperand } from './git-path-of-operand.ts';
import type { GitReader } from './git-readers.ts';
import { joinGitPath } from './join-git-path.ts';
import type { GitOperands } from './list-git-operands.ts';
import type { FileEffect } from './types.ts';

interface OperandContext {
  reader: GitReader;
  args: readonly ShellWord[];
  operands: GitOperands;
  directory: ShellWord;
}

/** The files the operands of a read-only git subcommand read. */
export function gitOperandEffects(context: OperandContext): FileEffect[] {
  const { reader, operands } = context;
  switch (reader.operands) {
    case 'none':
      return [];
    case 'object-paths':
      return possibleReads(context, operands.beforeSeparator.filter((word) => word.value.includes(':')), false);
    case 'paths':
      return pathReads(context);
    case 'diff':
      return isNoIndexDiff(context.args) ? noIndexReads(context, [...operands.beforeSeparator, ...operands.afterSeparator]) : pathReads(context);
    case 'grep':
      return grepReads(context);
  }
}

function pathReads(context: OperandContext): FileEffect[] {
  return [...possibleReads(context, context.operands.beforeSeparator, false), ...possibleReads(context, context.operands.afterSeparator, true)];
}

function possibleReads({ directory }: OperandContext, words: readonly ShellWord[], afterSeparator: boolean): FileEffect[] {
  return words.flatMap((word) => {
    const path = gitPathOfOperand(word, afterSeparator);
    return path ? [{ word: joinGitPath(directory, path), access: 'read' as const, via: 'possible' as const }] : [];
  });
}

/** Files compared or searched outside git's index: what they are for, and folders with all they hold. */
function noIndexReads({ directory }: OperandContext, words: readonly ShellWord[]): FileEffect[] {
  return words
    .filter((word) => word.value !== '/dev/null' && word.value !== '-')
    .map((word) => ({ word: joinGitPath(directory, word), access: 'read', via: 'operand', recursive: true }));
}

/**
 * `git diff` compares two files outside the index with `--no-index`, and also without it when its last
 * two words (after the leading options, or after `--`) are paths and one is outside the repository, or
 * when there is no repository (`git diff /dev/null /etc/hostname` prints that file). Whether a path is
 * inside the repository is not known here, so any two final operands count, and so do words known only
 * at run time, which may stand for any number of words.
 */
function isNoIndexDiff(args: readonly ShellWord[]): boolean {
  let start = args.findIndex((word) => word.value === '--' || !word.value.startsWith('-'));
  if (start === -1) return false;
  if (args.slice(0, start).some((word) => abbreviatesLongOption(word.value, '--no-index'))) return true;
  const separated = args[start]!.value === '--';
  if (separated) start++;
  const tail = args.slice(start);
  if (tail.length > 2) return false;
  return tail.some((word) => word.dynamic || word.glob) || (tail.length === 2 && (separated || tail.every((word) => !word.value.startsWith('-'))));
}

/**
 * `git grep [-e] PATTERN [REV…] [-- PATH…]`. With `--no-index` (or `--untracked`) it searches the files
 * themselves, ignored ones too (`.env`), folders with all they hold, `.` when no path is given.
 */
function grepReads(context: OperandContext): FileEffect[] {
  const { operands, args } = context;
  const options = args.slice(0, args.length - operands.afterSeparator.length);
  const patternGiven = options.some((word) => hasShortLetter(word.value, { letters: 'ef', values: context.reader.values.short }));
  const before = patternGiven ? operands.beforeSeparator : operands.beforeSeparator.slice(1);
  const outsideIndex = options.some((word) => abbreviatesLongOption(word.value, '--no-index') || abbreviatesLongOption(word.value, '--untracked'));
  if (!outsideIndex) return [...possibleReads(context, before, false), ...possibleReads(context, operands.afterSeparator, true)];
  const paths = [...before, ...operands.afterSeparator];
  return noIndexReads(context, paths.length > 0 ? paths : [literalWord('.')]);
}

/** Whether a short-option bundle (`-ie`) holds one of `letters` as an option, not inside another's value. */
function hasShortLetter(text: string, { letters, values }: { letters: string; values: string }): boolean {
  if (!text.startsWith('-') || text.startsWith('--')) return false;
  for (const letter of text.slice(1)) {
    if (letters.includes(letter)) return true;
    if (values.includes(letter)) return false;
  }
  return false;
}
