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
  return {
    readOnly: scan.readOnly && !operands.unresolvedOption,
    files: [...scan.files, ...gitOperandEffects({ reader, args, operands, directory })],
    ...(scan.opaque ? { opaque: scan.opaque } : {}),
  };
}
