import { findExecCommands } from './find-exec-commands.ts';
import { readShellBody } from './read-shell-body.ts';
import { stripWrappers } from './strip-wrappers.ts';
import type { CommandOrigin, CommandSink, ShellRedirect, ShellWord } from './types.ts';

/**
 * Turns the words of one simple command into the SimpleCommands that run: the command itself with its
 * wrappers stripped, plus what `find -exec` runs, plus (through `sink.analyzeBody`) a `bash -c`/`eval` body.
 */
export function resolveCommand(options: {
  words: readonly ShellWord[];
  assignments: readonly { name: string; value: string }[];
  redirects: readonly ShellRedirect[];
  origin: CommandOrigin;
  /** Started by find -exec, whose `{}` becomes file names nobody has seen. */
  runsInput?: boolean;
  sink: CommandSink;
}): void {
  const { words, sink } = options;
  const stripped = stripWrappers(words);
  const name = stripped.argv[0];
  const runsInput = options.runsInput === true || stripped.runsInput;
  const body = readShellBody(stripped.argv);
  const argv = stripped.argv.map((word) => word.value);
  const unsafeName = name !== undefined && (name.glob || name.userTilde || name.processSubstitution);
  const dynamic = words.some((word) => word.dynamic) || stripped.uncertain || unsafeName || body?.kind === 'dynamic' || (body !== undefined && runsInput);
  sink.add({
    argv,
    rawArgv: words.map((word) => word.value),
    assignments: [...options.assignments, ...stripped.assignments],
    redirects: [...options.redirects],
    text: argv.join(' '),
    dynamic,
    origin: stripped.wrappers.includes('xargs') ? 'wrapper' : options.origin,
    wrappers: stripped.wrappers,
    appendedArguments: stripped.appendedArguments,
  });
  if (body?.kind === 'static') sink.analyzeBody(body.body);
  for (const command of findExecCommands(stripped.argv)) {
    resolveCommand({ words: command, assignments: [], redirects: [], origin: 'wrapper', runsInput: true, sink });
  }
}
