import { loadShellAnalysis } from './load-shell-analysis.ts';
import type { ShellAnalysis } from './types.ts';

export type { CommandOrigin, ShellAnalysis, ShellAnalysisFailure, ShellRedirect, SimpleCommand } from './types.ts';

/**
 * Splits a Bash command into the simple commands that would run, for permission rules: every part of a
 * compound (`&& || ; | |& &`, newlines, subshells, groups, if/while/for/case, functions), every `$(…)`,
 * backtick and `<(…)`/`>(…)`, every `bash -c`/`sh -c`/`eval` body, and what `xargs` and `find -exec` run.
 * Wrappers (`timeout`, `nice`, `env`, `sudo`, …) and leading assignments are stripped from `argv`/`text`.
 *
 * Fails closed: a syntax error anywhere (tree-sitter recovers from errors, codev does not), more than 10,000
 * characters, more than 50 simple commands or more than 8 nested substitutions/shells give `ok: false`.
 * Throws only when the bash grammar cannot be loaded (`SHELL_PARSE_FAILED`).
 *
 * @example
 * await analyzeShellCommand('FOO=1 timeout 5 rm -rf x && echo "$(whoami)"');
 * // commands: [{ text: 'rm -rf x', rawArgv: ['timeout', '5', 'rm', '-rf', 'x'], … }, { text: 'whoami',
 * //   origin: 'command-substitution', … }, { text: 'echo $(whoami)', dynamic: true, … }]
 */
export async function analyzeShellCommand(command: string): Promise<ShellAnalysis> {
  return (await loadShellAnalysis())(command);
}
