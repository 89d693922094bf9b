/** The vocabulary of program knowledge: what one command does with files and code, from its words. Types only. */
import type { ShellWord } from '../shell-word.ts';

/**
 * How a command reaches a file:
 * - `operand`: what the command is for (`cat f` reads f, `rm f` writes f): approved with the command inside
 *   the working directories, needs Read/Edit permission outside them;
 * - `option`: through an option or a script command (`sort -o f`, `sed 'w f'`, `git diff --output=f`,
 *   `find -delete`): checked like a redirect (Edit rules or acceptEdits, protected paths, working directories);
 * - `possible`: a word of a program codev does not know, which may name a file: matched against deny and
 *   ask rules only, never a reason to ask on its own.
 */
export type FileAccessVia = 'operand' | 'option' | 'possible';

/** A file (or, with `recursive`, a folder and everything in it) a command reads or writes. */
export interface FileEffect {
  /** The path as written (its `value` is relative to the directory the command runs in, unless absolute). */
  word: ShellWord;
  access: 'read' | 'write';
  via: FileAccessVia;
  /** A folder read with everything beneath it (`grep -r x dir`, `rg x`, `tar cf - dir`). */
  recursive?: boolean;
}

/** What one program invocation does, as far as its words tell. */
export interface ProgramEffects {
  /**
   * Only reads and prints: nothing is written (besides redirects, which the engine checks on its own), no
   * code taken from its words runs, no settings that run programs are changed. Fail closed: an option the
   * description does not know makes it false.
   */
  readOnly: boolean;
  /** The files it reads or writes. */
  files: FileEffect[];
  /** Code it runs that no analysis can read (inline Python, a sed `e` command, `git -c`): a short reason. */
  opaque?: string;
  /** Shell scripts it runs (`git rebase -x 'make test'`): analyzed like `bash -c` bodies; a dynamic one is opaque. */
  scripts?: ShellWord[];
  /** Commands it runs, given as words (`git bisect run make test`): analyzed like a wrapped command. */
  commands?: ShellWord[][];
  /**
   * Files it may read or write that its words do not name, and why: the files a patch names (`patch`, `git
   * apply`), a list of names read from a file (`sort --files0-from`), an editor or sqlite3 script, a
   * `file://` URL, a script an interpreter runs. Outside the sandbox such a command cannot be held to the
   * Read and Edit deny rules, so any such rule makes it ask.
   */
  unnamedFiles?: string;
  /** It changes files as its purpose (`mkdir`, `rm`, `sed -i`): acceptEdits approves it when its files are inside the working directories. */
  editsFiles?: boolean;
  /**
   * git: it runs in the repository git discovers from `directory` (`-C`, relative to where the command
   * runs; `.` by default), whose configuration can run programs: read-only only when that repository is one
   * the model cannot have planted.
   */
  repository?: { directory: string };
  /**
   * git: it prints what files hold in the repository's index or history whatever their names (`git log -p`,
   * `git show`, `git cat-file -p`, `git diff --cached`), which the sandbox does not hide: held to the Read
   * rules by the paths the repository has ever held. `repositoryKnown` is false when an option
   * (`--git-dir`, `-c`, a `-C` known only at run time) may point git elsewhere than the repository
   * discovered from `repository.directory`.
   */
  printsRepositoryContent?: { repositoryKnown: boolean };
}

/** Describes one invocation of a program; `args` are the words after the program's name. */
export type DescribeProgram = (args: readonly ShellWord[]) => ProgramEffects;

/** A program's effects, and whether codev knows the program at all. */
export interface DescribedProgram extends ProgramEffects {
  /** False for a program codev has no description of: its words are only `possible` files. */
  known: boolean;
}
