import { gitOperandEffects } from './git-operand-effects.ts';
import { GIT_READERS } from './git-readers.ts';
import type { GitSubcommandContext } from './git-subcommand-context.ts';
import { listGitOperands } from './list-git-operands.ts';
import { scanGitOptions } from './scan-git-options.ts';
import type { ProgramEffects } from './types.ts';

/**
 * A subcommand of `GIT_READERS`: read-only unless an option writes or runs something, or a word known only
 * at run time may be such an option; its operands are the files it may read.
 */
export function describeGitReader({ name, args, directory }: GitSubcommandContext): ProgramEffects {
  const reader = GIT_READERS[name]!;
  const scan = scanGitOptions({ args, rules: reader.rules, shortValues: reader.values.short + (reader.values.attached ?? ''), directory });
  const operands = listGitOperands(args, reader.values);
  const worktree = WORKTREE_READERS.has(name) && !args.some((word) => INDEX_ONLY.has(word.value));
  return {
    readOnly: scan.readOnly && !operands.unresolvedOption,
    files: [...scan.files, ...gitOperandEffects({ reader, args, operands, directory })],
    ...(scan.opaque ? { opaque: scan.opaque } : {}),
    ...(worktree ? { unnamedFiles: `git ${name} prints what the tracked files of the working tree hold, whatever their names` } : {}),
  };
}

/** The readers that print the contents of working-tree files no word names: `git diff`, `git grep`, `git diff-files`. */
const WORKTREE_READERS = new Set(['diff', 'grep', 'diff-files']);
/** Options with which they read only the index (or, `--no-index`, only the files named). */
const INDEX_ONLY = new Set(['--cached', '--staged', '--no-index']);
