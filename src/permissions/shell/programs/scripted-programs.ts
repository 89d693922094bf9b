import type { DescribeProgram, FileEffect } from './types.ts';

const EDITOR = 'an editor script (`-c`, `-s`, standard input) can read and write any file';

/**
 * Programs whose scripts reach files their words do not name: sqlite3 (`.output`, `.once`, `.read`,
 * `.import`, `.backup`, `readfile()`), line and screen editors run from scripts (`ed`, `ex`, `vim -es`),
 * and `patch` (the files its patch names). Every word that could be a file is a `possible` write (a deny
 * rule on a file they name still holds for certain); the rest only the sandbox can hold them to.
 */
const REASONS: Readonly<Record<string, string>> = {
  sqlite3: 'sqlite3 dot-commands and functions (.output, .once, .read, .import, .backup, readfile()) reach any file',
  ed: EDITOR,
  red: EDITOR,
  ex: EDITOR,
  vi: EDITOR,
  vim: EDITOR,
  view: EDITOR,
  nvim: EDITOR,
  'vim.basic': EDITOR,
  'vim.tiny': EDITOR,
  emacs: EDITOR,
  patch: 'patch writes the files its patch names',
};

function describeScripted(reason: string): DescribeProgram {
  return (args) => ({
    readOnly: false,
    files: args.filter((word) => !word.value.startsWith('-')).map((word): FileEffect => ({ word, access: 'write', via: 'possible' })),
    unnamedFiles: reason,
  });
}

/** The descriptions of the scripted programs, by name. */
export const SCRIPTED_PROGRAMS: Readonly<Record<string, DescribeProgram>> = Object.fromEntries(Object.entries(REASONS).map(([name, reason]) => [name, describeScripted(reason)]));
