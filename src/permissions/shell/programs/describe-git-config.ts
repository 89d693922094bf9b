import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { CONFIG_OPTIONS, CONFIG_READS, CONFIG_WRITES } from './git-config-options.ts';
import type { GitSubcommandContext } from './git-subcommand-context.ts';
import { joinGitPath } from './join-git-path.ts';
import { readGitParseOptions, type ParsedGitOptions } from './read-git-parse-options.ts';
import type { ProgramEffects } from './types.ts';

/**
 * `git config`: read-only in its get and list forms (an action that prints, or a lone name). Any other
 * form sets, unsets, renames, removes or edits configuration, which can run programs (`core.fsmonitor`,
 * `core.pager`, aliases): it writes the configuration file it targets.
 */
export function describeGitConfig({ args, directory }: GitSubcommandContext): ProgramEffects {
  const parsed = readGitParseOptions(args, CONFIG_OPTIONS);
  const actions = parsed.options.map((option) => option.spec.long ?? '').filter((long) => CONFIG_READS.includes(long) || CONFIG_WRITES.includes(long));
  const file = valueOf(parsed, '--file');
  const writes = actions.some((action) => CONFIG_WRITES.includes(action)) || (actions.length === 0 && parsed.operands.length >= 2);
  if (writes) return { readOnly: false, files: [{ word: configurationFile({ parsed, file, directory }), access: 'write', via: 'option' }] };
  const reads = actions.length > 0 || parsed.operands.length === 1;
  return {
    readOnly: reads && !parsed.unknown,
    files: file === undefined ? [] : [{ word: joinGitPath(directory, file), access: 'read', via: 'option' }],
  };
}

/** The file a change goes to: `--file`, the user's, the system's, the worktree's, or the repository's. */
function configurationFile({ parsed, file, directory }: { parsed: ParsedGitOptions; file?: ShellWord; directory: ShellWord }): ShellWord {
  const has = (long: string) => parsed.options.some((option) => option.spec.long === long && !option.negated);
  if (file) return joinGitPath(directory, file);
  if (has('--global')) return literalWord('~/.gitconfig');
  if (has('--system')) return literalWord('/etc/gitconfig');
  return joinGitPath(directory, literalWord(has('--worktree') ? '.git/config.worktree' : '.git/config'));
}

function valueOf(parsed: ParsedGitOptions, long: string): ShellWord | undefined {
  return parsed.options.filter((option) => option.spec.long === long && option.value !== undefined).at(-1)?.value;
}
