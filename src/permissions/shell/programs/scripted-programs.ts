import type { ShellWord } from '../types.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** How one scripted program is called: the options that take the next word, and which operands are files it edits. */
interface ScriptedSpec {
  /** Why it reaches files its words do not name. */
  reason: string;
  /** Options whose value is the next word (a script, a prompt, a terminal name): `possible` writes. */
  withValue: readonly string[];
  /** Options whose value is a file it writes (`patch -o F`) or reads (`patch -i F`). */
  writeOptions?: readonly string[];
  readOptions?: readonly string[];
  /** The operands it edits: all (`vim a b`), the first (the sqlite3 database; the rest is SQL), or none for sure. */
  edits: 'all' | 'first' | 'none';
}

const EDITOR = 'an editor script (`-c`, `-s`, standard input) can read and write any file';
const VIM: ScriptedSpec = { reason: EDITOR, withValue: ['-c', '--cmd', '-S', '-u', '-U', '-i', '-T', '-t', '-q', '-w', '-W', '--listen', '--startuptime'], edits: 'all' };

/**
 * Programs whose scripts reach files their words do not name: sqlite3 (`.output`, `.once`, `.read`,
 * `.import`, `.backup`, `readfile()`), line and screen editors run from scripts (`ed`, `ex`, `vim -es`), and
 * `patch` (the files its patch names). The files they are given are written as their purpose (so a protected
 * file or one outside the working directories asks), every other word is a `possible` write (a deny rule
 * on a file it names still holds for certain); the rest only the sandbox can hold them to.
 */
const SPECS: Readonly<Record<string, ScriptedSpec>> = {
  sqlite3: { reason: 'sqlite3 dot-commands and functions (.output, .once, .read, .import, .backup, readfile()) reach any file', withValue: ['-cmd', '--cmd', '-init', '--init', '-separator', '--separator', '-newline', '--newline', '-nullvalue', '--nullvalue', '-mmap', '--mmap', '-vfs', '--vfs', '-maxsize', '--maxsize', '-lookaside', '--lookaside', '-pagecache', '--pagecache', '-heap', '--heap'], edits: 'first' },
  ed: { reason: EDITOR, withValue: ['-p'], edits: 'all' },
  red: { reason: EDITOR, withValue: ['-p'], edits: 'all' },
  ex: VIM,
  vi: VIM,
  vim: VIM,
  view: VIM,
  nvim: VIM,
  'vim.basic': VIM,
  'vim.tiny': VIM,
  emacs: { reason: EDITOR, withValue: [], edits: 'none' },
  patch: {
    reason: 'patch writes the files its patch names',
    withValue: ['-d', '--directory', '-p', '--strip', '-B', '--prefix', '-D', '--ifdef', '-F', '--fuzz', '-V', '--version-control', '-Y', '--basename-prefix', '-z', '--suffix', '-g', '--get'],
    writeOptions: ['-o', '--output', '-r', '--reject-file'],
    readOptions: ['-i', '--input'],
    edits: 'first',
  },
};

function describeScripted(spec: ScriptedSpec): DescribeProgram {
  return (args) => {
    const files: FileEffect[] = [];
    const operands: ShellWord[] = [];
    // `patch -d DIR` resolves its files in DIR: they are only `possible` then.
    let elsewhere = false;
    for (let index = 0; index < args.length; index++) {
      const word = args[index]!;
      const [name, attached] = splitOption(word.value, spec);
      const option = !word.dynamic && name.startsWith('-') && name !== '-';
      const takes = option && valueOptions(spec).includes(name);
      const value = takes ? (attached === undefined ? args[++index] : { ...word, value: attached }) : undefined;
      if (name === '-d' || name === '--directory') elsewhere = true;
      if (!option) operands.push(word);
      else if (value) files.push({ word: value, access: spec.readOptions?.includes(name) ? 'read' : 'write', via: spec.writeOptions?.includes(name) || spec.readOptions?.includes(name) ? 'option' : 'possible' });
    }
    const edited = elsewhere || spec.edits === 'none' ? 0 : spec.edits === 'first' ? 1 : operands.length;
    operands.forEach((word, index) => files.push({ word, access: spec === SPECS.patch && index === 1 ? 'read' : 'write', via: index < edited ? 'operand' : 'possible' }));
    return { readOnly: false, files, unnamedFiles: spec.reason };
  };
}

function valueOptions(spec: ScriptedSpec): string[] {
  return [...spec.withValue, ...(spec.writeOptions ?? []), ...(spec.readOptions ?? [])];
}

/** `--name=value`, and a short option with its value attached (`-oout`, `-p1`), as name and value. */
function splitOption(text: string, spec: ScriptedSpec): [string, string | undefined] {
  if (text.startsWith('--') && text.includes('=')) return [text.slice(0, text.indexOf('=')), text.slice(text.indexOf('=') + 1)];
  if (/^-[^-]./.test(text) && valueOptions(spec).includes(text.slice(0, 2)) && !valueOptions(spec).includes(text)) return [text.slice(0, 2), text.slice(2)];
  return [text, undefined];
}

/** The descriptions of the scripted programs, by name. */
export const SCRIPTED_PROGRAMS: Readonly<Record<string, DescribeProgram>> = Object.fromEntries(Object.entries(SPECS).map(([name, spec]) => [name, describeScripted(spec)]));
