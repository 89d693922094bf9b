import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { APPLY_RULES } from './git-option-rules.ts';
import { gitPathOfOperand } from './git-path-of-operand.ts';
import type { GitSubcommandContext } from './git-subcommand-context.ts';
import { BRANCH_OPTIONS, DRY_RUN, FORCE, INTERACTIVE, PATHSPEC_FROM_FILE, RECURSIVE, WRITER_OPTIONS } from './git-writer-options.ts';
import { joinGitPath } from './join-git-path.ts';
import { listGitOperands } from './list-git-operands.ts';
import { readGitParseOptions, type GitOptionSpec, type ParsedGitOptions } from './read-git-parse-options.ts';
import { scanGitOptions } from './scan-git-options.ts';
import type { FileAccessVia, FileEffect, ProgramEffects } from './types.ts';

/**
 * The subcommands that change files as their purpose: `rm`, `mv`, `restore`, `checkout`, `clean` write
 * their pathspecs (a folder with everything in it), `apply` reads its patches. They edit files, for
 * acceptEdits, when codev knows every option and which files they touch.
 */
export function describeGitWriter(context: GitSubcommandContext): ProgramEffects {
  if (context.name === 'apply') return describeApply(context);
  const parsed = readGitParseOptions(context.args, WRITER_OPTIONS[context.name]!);
  const has = (spec: GitOptionSpec) => parsed.options.some((option) => option.spec === spec && !option.negated);
  const known = !parsed.unknown && !has(PATHSPEC_FROM_FILE);
  const writes = (words: readonly ShellWord[], via: FileAccessVia = 'operand') => words.flatMap((word) => pathWrite({ context, word, via, recursive: context.name !== 'rm' || has(RECURSIVE) }));
  switch (context.name) {
    case 'checkout':
      return describeCheckout({ parsed, writes, known: known && !BRANCH_OPTIONS.some(has) });
    case 'clean': {
      if (has(DRY_RUN)) return { readOnly: false, files: [] };
      const files = writes(parsed.operands.length > 0 ? parsed.operands : [literalWord('.')]);
      return { readOnly: false, files, ...(known && has(FORCE) && !has(INTERACTIVE) ? { editsFiles: true } : {}) };
    }
    default:
      return { readOnly: false, files: writes(parsed.operands), ...(known ? { editsFiles: true } : {}) };
  }
}

/**
 * `git checkout [TREE] -- PATHS` overwrites PATHS; without `--` an operand is a branch to switch to or a
 * path, a `possible` write.
 */
function describeCheckout(options: { parsed: ParsedGitOptions; writes: (words: readonly ShellWord[], via?: FileAccessVia) => FileEffect[]; known: boolean }): ProgramEffects {
  const { parsed, writes, known } = options;
  // `git checkout BRANCH` rewrites every file that differs between the branches.
  if (parsed.beforeSeparator === undefined) return { readOnly: false, files: writes(parsed.operands, 'possible'), unnamedFiles: 'a checkout without `--` may switch branches, rewriting any file of the working tree' };
  return { readOnly: false, files: writes(parsed.operands.slice(parsed.beforeSeparator)), ...(known ? { editsFiles: true } : {}) };
}

function pathWrite(options: { context: GitSubcommandContext; word: ShellWord; via: FileAccessVia; recursive: boolean }): FileEffect[] {
  const path = gitPathOfOperand(options.word, true);
  if (!path) return [];
  return [{ word: joinGitPath(options.context.directory, path), access: 'write', via: options.via, ...(options.recursive ? { recursive: true } : {}) }];
}

/** Options of `git apply` that only report on a patch, unless `--apply` is also given. */
const APPLY_REPORTS = ['--stat', '--numstat', '--summary', '--check'];

/**
 * `git apply PATCH…` reads its patches (standard input without one) and writes the files they name, which
 * its words do not; `--stat`, `--numstat`, `--summary` and `--check` only report (unless `--apply`).
 */
function describeApply({ args, directory }: GitSubcommandContext): ProgramEffects {
  const scan = scanGitOptions({ args, rules: APPLY_RULES, shortValues: 'pC', directory });
  const operands = listGitOperands(args, { long: ['--exclude', '--include', '--directory', '--whitespace', '--build-fake-ancestor'], short: 'pC' });
  const patches = [...operands.beforeSeparator, ...operands.afterSeparator].filter((word) => word.value !== '-');
  const reads = patches.map((word): FileEffect => ({ word: joinGitPath(directory, word), access: 'read', via: 'operand' }));
  const options = args.filter((word) => word.value.startsWith('--')).map((word) => word.value.split('=')[0]!);
  const reports = options.some((option) => APPLY_REPORTS.includes(option)) && !options.some((option) => option.length > 3 && '--apply'.startsWith(option));
  return { readOnly: false, files: [...scan.files, ...reads], ...(reports ? {} : { unnamedFiles: 'git apply writes the files its patches name' }) };
}
