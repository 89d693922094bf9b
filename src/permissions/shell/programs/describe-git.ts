import { describeGitSubcommand } from './describe-git-subcommand.ts';
import { readGitGlobalOptions } from './read-git-global-options.ts';
import type { DescribeProgram } from './types.ts';

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
  if (!global.subcommand) return { readOnly: global.readOnly, files: [], opaque: global.opaque, repository };
  const subcommand = global.subcommand;
  // A subcommand known only at run time may be any of them.
  const name = subcommand.dynamic || subcommand.glob ? '' : subcommand.value;
  const effects = describeGitSubcommand({ name, args: global.rest, directory: global.directory });
  // `git -C ../other log -p` reads another folder: outside the working directories that needs Read there.
  const files = global.directory.value === '.' ? effects.files : [{ word: global.directory, access: 'read' as const, via: 'operand' as const }, ...effects.files];
  return {
    readOnly: global.readOnly && effects.readOnly,
    files,
    opaque: global.opaque ?? effects.opaque,
    scripts: effects.scripts,
    commands: effects.commands,
    unnamedFiles: effects.unnamedFiles,
    editsFiles: effects.editsFiles,
    repository,
    ...(effects.printsRepositoryContent ? { printsRepositoryContent: { repositoryKnown: global.readOnly && effects.printsRepositoryContent.repositoryKnown } } : {}),
  };
};
