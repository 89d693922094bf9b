import { gitOperandEffects } from './git-operand-effects.ts';
import { GIT_READERS } from './git-readers.ts';
import type { GitSubcommandContext } from './git-subcommand-context.ts';
import { listGitOperands } from './list-git-operands.ts';
import { scanGitOptions } from './scan-git-options.ts';
import type { ShellWord } from '../shell-word.ts';
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
  const history = printsHistory(name, args);
  return {
    readOnly: scan.readOnly && !operands.unresolvedOption,
    files: [...scan.files, ...gitOperandEffects({ reader, args, operands, directory })],
    ...(scan.opaque ? { opaque: scan.opaque } : {}),
    ...(worktree ? { unnamedFiles: `git ${name} prints what the tracked files of the working tree hold, whatever their names` } : {}),
    ...(history && !worktree ? { unnamedFiles: `git ${name} prints what committed files held, whatever their names` } : {}),
    // `git diff` prints the index's side of each tracked file too.
    ...(history || worktree ? { printsRepositoryContent: { repositoryKnown: true } } : {}),
  };
}

/**
 * Whether it prints the contents of committed files no word names: `git show` (a commit's patch, or a blob
 * named by its hash), `git log -p` and its cousins with a patch option, `git cat-file -p HASH` and
 * `--batch` (the objects named on standard input).
 */
function printsHistory(name: string, args: readonly ShellWord[]): boolean {
  if (name === 'show') return true;
  if (name === 'diff' || name === 'grep') return args.some((word) => word.value === '--cached' || word.value === '--staged');
  if (name === 'cat-file') return args.some((word) => !['-t', '-s', '-e'].includes(word.value) && (word.value.startsWith('-') || ['blob', 'tree', 'commit', 'tag'].includes(word.value)));
  if (!HISTORY_READERS.has(name)) return false;
  return args.some((word) => word.dynamic || PATCH_OPTIONS.test(word.value));
}

const HISTORY_READERS = new Set(['log', 'whatchanged', 'rev-list', 'diff-tree', 'shortlog']);
/** The options that make a log print patches or lines of files (`-L`). */
const PATCH_OPTIONS = /^(-[a-zA-Z]*[puWLcU]|--(patch|unified|word-diff|color-words|cc|combined-all-paths|binary|function-context|full-diff|patch-with)|-m$)/;

/** The readers that print the contents of working-tree files no word names: `git diff`, `git grep`, `git diff-files`. */
const WORKTREE_READERS = new Set(['diff', 'grep', 'diff-files']);
/** Options with which they read only the index (or, `--no-index`, only the files named). */
const INDEX_ONLY = new Set(['--cached', '--staged', '--no-index']);
