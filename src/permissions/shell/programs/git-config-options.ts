import type { GitOptionSpec } from './read-git-parse-options.ts';

/** The actions of `git config` that only print. */
export const CONFIG_READS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '--get-color', '--get-colorbool', '--list'];
/** Those that change a configuration file (`--edit` through an editor). */
export const CONFIG_WRITES = ['--replace-all', '--add', '--unset', '--unset-all', '--rename-section', '--remove-section', '--edit'];

/**
 * Every option of `git config` (git 2.39), so that an abbreviation resolves as git resolves it
 * (`--unset-a` is `--unset-all`, `--unse` is ambiguous).
 */
export const CONFIG_OPTIONS: readonly GitOptionSpec[] = [
  ...['--global', '--system', '--local', '--worktree'].map((long): GitOptionSpec => ({ long, value: 'none' })),
  { long: '--file', short: 'f', value: 'required' },
  { long: '--blob', value: 'required' },
  ...[...CONFIG_READS, ...CONFIG_WRITES, '--fixed-value'].map((long): GitOptionSpec => ({ long, value: 'none', ...shortOf(long) })),
  { long: '--type', short: 't', value: 'required' },
  ...['--bool', '--int', '--bool-or-int', '--bool-or-str', '--path', '--expiry-date'].map((long): GitOptionSpec => ({ long, value: 'none' })),
  { long: '--null', short: 'z', value: 'none' },
  ...['--name-only', '--includes', '--show-origin', '--show-scope'].map((long): GitOptionSpec => ({ long, value: 'none' })),
  { long: '--default', value: 'required' },
];

function shortOf(long: string): { short?: string } {
  if (long === '--list') return { short: 'l' };
  return long === '--edit' ? { short: 'e' } : {};
}
