import { readArguments } from './read-arguments.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** awk statements that run commands: `system(…)`, `print | "cmd"`, `"cmd" | getline`. */
const RUNS_COMMANDS = /\bsystem\s*\(|\|/;

/**
 * awk statements that reach files the operands do not name: `print > "f"`, `printf … >> f`, `getline < f`,
 * an `ARGV` entry set to a file name, gawk's `@include`/`@load`. A comparison before any `print`
 * (`$3 > 100 { print }`) is no redirect; a `>` anywhere after one is taken for one, as strings, regexes and
 * backslash-newlines can hide where its statement ends.
 */
const REACHES_FILES = /\bprintf?\b[\s\S]*>|\bgetline\b[\s\S]*<|\bARGV\b|@(include|load)\b/;

/** Options that only set how input is split or a variable: the others write (`-o`, `--profile`) or load code. */
const READ_ONLY_OPTIONS = new Set(['-F', '--field-separator', '-v', '--assign']);

/**
 * awk: the first operand is the program unless `-f FILE` gave it; the rest are input files (`var=value`
 * operands are assignments). Read-only when its program is in its words and neither runs a command nor
 * redirects (`print > "file"` writes), with no option but `-F` and `-v`; opaque when the program can run a
 * command or comes from a file nobody read; reaching files its words do not name when it redirects.
 */
export const describeAwk: DescribeProgram = (args) => {
  const read = readArguments(args, { shortWithValue: 'fvFiElW', longWithValue: ['file', 'assign', 'field-separator', 'include', 'exec', 'load', 'source'] });
  const programFiles = read.options.filter((option) => ['-f', '--file', '-E', '--exec', '-i', '--include'].includes(option.name) && option.value).map((option) => option.value!);
  const inline = read.options.filter((option) => option.name === '--source' && option.value).map((option) => option.value!);
  const [first, ...rest] = read.operands;
  const program = programFiles.length > 0 || inline.length > 0 ? undefined : first;
  const inputs = (program ? rest : read.operands).filter((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.value) && word.value !== '-');
  const texts = [...inline, ...(program ? [program] : [])];
  const files: FileEffect[] = [...programFiles.map((word): FileEffect => ({ word, access: 'read', via: 'option' })), ...inputs.map((word): FileEffect => ({ word, access: 'read', via: 'operand' }))];
  const opaque = programFiles.length > 0 ? 'an awk program read from a file' : texts.some((text) => text.dynamic || RUNS_COMMANDS.test(text.value)) ? 'an awk program that runs commands' : undefined;
  const redirects = texts.some((text) => REACHES_FILES.test(text.value));
  const plainOptions = read.unknownLong.length === 0 && read.options.every((option) => READ_ONLY_OPTIONS.has(option.name));
  return { readOnly: !opaque && !redirects && plainOptions && texts.length > 0, files, ...(opaque ? { opaque } : {}), ...(redirects ? { unnamedFiles: 'an awk program reads and writes the files its redirects, getline and ARGV name' } : {}) };
};
