import type { Directories } from './directories.ts';
import { describeProgram } from './programs/describe-program.ts';
import { readShellBody, type ShellBody } from './read-shell-body.ts';
import { stripWrappers } from './strip-wrappers.ts';
import type { CommandOrigin, CommandSink, ShellRedirect, ShellWord, SimpleCommand } from './types.ts';

/**
 * A word bash evaluates as an array subscript when it is used as a variable name or in arithmetic
 * (`test -v`, `printf -v`, `read`, `let`, `declare`, `(( ))`, `[[ x -eq 1 ]]`): the `$(…)` inside runs, even
 * from a single-quoted string.
 */
const SUBSCRIPT_WITH_SUBSTITUTION = /\[[^\]]*(?:\$\(|`)/;
/** Stands for what xargs appends to a command: file names only the run knows. */
const XARGS_INPUT: ShellWord = { value: '{xargs input}', dynamic: true, glob: false, userTilde: false, processSubstitution: false };

/**
 * Turns the words of one simple command into the SimpleCommands that run: the command itself with its
 * wrappers stripped and its program described, plus what it runs in turn: `find -exec` and
 * `git bisect run` commands, and (through `sink.analyzeBody`) a `bash -c`/`eval` body, a script fed to a
 * shell by a heredoc or here-string, `git rebase -x` scripts.
 */
export function resolveCommand(options: {
  words: readonly ShellWord[];
  assignments: readonly { name: string; value: string; word?: ShellWord }[];
  redirects: readonly ShellRedirect[];
  origin: CommandOrigin;
  directories: Directories;
  /** Started by xargs or find -exec, whose input becomes arguments nobody has seen. */
  runsInput?: boolean;
  /** See {@link SimpleCommand.inputFrom}. */
  inputFrom?: number;
  sink: CommandSink;
}): void {
  const { words, sink, directories } = options;
  const stripped = stripWrappers(words);
  const name = stripped.argv[0];
  const runsInput = options.runsInput === true || stripped.runsInput;
  const body = readShellBody(stripped.argv, options.redirects);
  const described = describeProgram(stripped.appendedArguments ? [...stripped.argv, XARGS_INPUT] : stripped.argv);
  const effects = stripped.files.length === 0 ? described : { ...described, readOnly: described.readOnly && stripped.files.every((file) => file.access === 'read'), files: [...described.files, ...stripped.files] };
  const scripts = effects.scripts ?? [];
  const argv = stripped.argv.map((word) => word.value);
  const unsafeName = name !== undefined && (name.glob || name.userTilde || name.processSubstitution);
  const command: SimpleCommand = {
    argv,
    words: stripped.argv,
    rawArgv: words.map((word) => word.value),
    assignments: options.assignments.length === 0 && stripped.assignments.length === 0 ? [] : [...options.assignments.map(({ name: variable, value }) => ({ name: variable, value })), ...stripped.assignments],
    redirects: options.redirects,
    text: argv.join(' '),
    dynamic: words.some((word) => word.dynamic) || stripped.uncertain || unsafeName,
    origin: stripped.wrappers.includes('xargs') ? 'wrapper' : options.origin,
    wrappers: stripped.wrappers,
    appendedArguments: stripped.appendedArguments,
    directories,
    effects,
    inputFrom: options.inputFrom,
    opaque: stripped.chdir === undefined ? opaqueReason({ body, runsInput, scripts, words, options }) : `it runs in ${stripped.chdir}, where its relative names are not the ones checked`,
  };
  const index = sink.add(command);
  if (body?.kind === 'static') sink.analyzeBody(body.body, directories);
  for (const script of scripts) if (!script.dynamic) sink.analyzeBody(script.value, directories);
  for (const command of effects.commands ?? []) {
    resolveCommand({ words: command, assignments: [], redirects: [], origin: 'wrapper', directories, runsInput: true, inputFrom: index, sink });
  }
}

function opaqueReason(parts: {
  body: ShellBody | undefined;
  runsInput: boolean;
  scripts: readonly ShellWord[];
  words: readonly ShellWord[];
  options: { assignments: readonly { value: string; word?: ShellWord }[]; redirects: readonly ShellRedirect[] };
}): string | undefined {
  const { body } = parts;
  if (body?.kind === 'dynamic') return 'a shell runs a script only known at run time';
  if (body?.kind === 'stdin') return 'a shell runs whatever arrives on its standard input';
  if (body && parts.runsInput) return 'a shell runs text that xargs or find hands it';
  if (parts.scripts.some((script) => script.dynamic)) return 'a program runs a script only known at run time';
  const subscript =
    parts.words.find((word) => !word.dynamic && isSubscriptCode(word.value))?.value ??
    parts.options.assignments.find((assignment) => isSubscriptCode(assignment.value))?.value ??
    parts.options.redirects.find((redirect) => redirect.content !== undefined && isSubscriptCode(redirect.content.text))?.content?.text;
  return subscript === undefined ? undefined : `bash may evaluate "${subscript}" as an array subscript, which runs the command inside it`;
}

function isSubscriptCode(text: string): boolean {
  return text.includes('[') && SUBSCRIPT_WITH_SUBSTITUTION.test(text);
}
