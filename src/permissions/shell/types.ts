/** The vocabulary of shell-command analysis for Bash permission rules. Types only. */
import type { Directories } from './directories.ts';
import type { DescribedProgram } from './programs/types.ts';
import type { ShellWord } from './shell-word.ts';

export type { ShellWord } from './shell-word.ts';

/** A redirection of one simple command (or of a compound statement). */
export interface ShellRedirect {
  /** As written, with any file descriptor: `>`, `2>>`, `&>`, `>|`, `<`, `<<<`, `<<`. */
  operator: string;
  /** The unquoted target: a file name, a descriptor (`1` in `2>&1`), a heredoc delimiter or a here-string. */
  target: string;
  /** false when the target contains expansions/globs we cannot resolve statically */
  static: boolean;
  /** The text a heredoc or here-string feeds the command, and whether it is known before running. */
  content?: { text: string; static: boolean };
  /** Where the command it belongs to runs (see {@link Directories}); a relative target is resolved there. */
  directories?: Directories;
}

/** How a simple command was reached. */
export type CommandOrigin = 'top' | 'command-substitution' | 'process-substitution' | 'shell-c' | 'wrapper';

/** One command that runs: `FOO=1 timeout 5 rm -rf x > log` inside whatever compound holds it. */
export interface SimpleCommand {
  /** argv after unquoting, with wrappers and env assignments stripped (the command that actually runs) */
  argv: string[];
  /** The same words with what is known about each (dynamic, glob…): `words[i].value === argv[i]`. */
  words: ShellWord[];
  /** the full argv as written (before wrapper stripping) */
  rawArgv: string[];
  /** Leading `NAME=value` words, and those an `env` or `sudo` wrapper sets. */
  assignments: { name: string; value: string }[];
  redirects: readonly ShellRedirect[];
  /** the text of the simple command after stripping (argv joined with single spaces) — what rule patterns match */
  text: string;
  /** true when the command name or an argument has an expansion whose value cannot be known statically ($VAR, $(...), `...`, globs in the command name) */
  dynamic: boolean;
  /** how it was reached: top level, inside $(...)/backticks, <(...)/>(...), a `bash -c`/`sh -c`/`zsh -c`/`eval` body, a wrapper such as xargs/find -exec */
  origin: CommandOrigin;
  /** The wrappers stripped from `rawArgv` to reach `argv`, outermost first: `['sudo', 'timeout']`. */
  wrappers: string[];
  /**
   * True when the runner appends arguments that are not in `argv` (`xargs rm`, `find -exec rm {} +`), so an
   * allow pattern must accept any trailing arguments.
   */
  appendedArguments: boolean;
  /** Where it runs, relative to where the whole command starts (see {@link Directories}). */
  directories: Directories;
  /**
   * Shell commands it runs that no analysis can read, and why: a shell reading its script from a pipe, a
   * `bash -c "$X"` body, a word bash may evaluate as an array subscript. Deny and ask rules cannot be
   * checked against it, and no allow rule covers it. (Code in another language, `python3 -c`, is the
   * program's own business: `effects.opaque`, which only deny and ask rules care about.)
   */
  opaque: string | undefined;
  /** What its program does with files and code, from codev's knowledge of programs. */
  effects: DescribedProgram;
  /**
   * The index (in the analysis's `commands`) of the command whose output or search names the files this one
   * is handed: the `find` of a `find -exec`, the command piped into `xargs`.
   */
  inputFrom: number | undefined;
}

/** Why an analysis gave up. Every one of them means "not provably safe". */
export type ShellAnalysisFailure = 'empty' | 'parse-error' | 'too-long' | 'too-many-commands' | 'too-deep';

export type ShellAnalysis =
  | {
      ok: true;
      commands: SimpleCommand[];
      /** every redirect target that writes a file (>, >>, &>, >|, 2> etc.; not /dev/null, not fd dups like 2>&1) */
      writes: ShellRedirect[];
      /** every redirect that reads a file (`<`, and `<>`, which also writes it) */
      reads: ShellRedirect[];
      /** True when anything is sent to the background with `&`. */
      background: boolean;
      /** Code hidden between commands (data read into variables that arithmetic then evaluates), and why. */
      opaque?: string;
    }
  | { ok: false; reason: ShellAnalysisFailure; message: string };

/** Where the command builder sends what it finds. */
export interface CommandSink {
  /** Records a simple command; returns its index. */
  add(command: SimpleCommand): number;
  /** Analyzes a `bash -c` / `eval` body one level deeper, its commands tagged `origin: 'shell-c'`, run in `directories`. */
  analyzeBody(body: string, directories: Directories): void;
}
