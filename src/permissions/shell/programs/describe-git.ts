import { describeGitSubcommand } from './describe-git-subcommand.ts';
import { readGitGlobalOptions } from './read-git-global-options.ts';
import type { DescribeProgram, ProgramEffects } from './types.ts';

/**
 * `git`: what its global options (`-C`, `-c`, `--git-dir`…) and its subcommand do. Read-only only for the
 * subcommands that read (and the listing forms of `branch`, `tag`, `config` and the like) when no option
 * writes a file or runs a program; the files it may read or write, the scripts and commands it runs
 * (`rebase -x`, `bisect run`), and always the directory it discovers its repository from, whose
 * configuration can run programs.
 */
export const describeGit: DescribeProgram = (args) => {
  const global = readGitGlobalOptions(args);
  const repository = { directory: global.directory.value };
  if (!global.subcommand) return { readOnly: global.readOnly, files: [], ...opaqueOf(global.opaque), repository };
  const subcommand = global.subcommand;
  // A subcommand known only at run time may be any of them.
  const name = subcommand.dynamic || subcommand.glob ? '' : subcommand.value;
  const effects = describeGitSubcommand({ name, args: global.rest, directory: global.directory });
  return { ...effects, readOnly: global.readOnly && effects.readOnly, ...opaqueOf(global.opaque ?? effects.opaque), repository };
};

function opaqueOf(opaque: string | undefined): Pick<ProgramEffects, 'opaque'> {
  return opaque === undefined ? {} : { opaque };
}
