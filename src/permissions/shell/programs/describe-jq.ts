import type { ShellWord } from '../types.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** Options followed by a name and a value (`--arg NAME VALUE`); the file ones read the value. */
const NAME_AND_VALUE = new Set(['--arg', '--argjson', '--rawfile', '--slurpfile']);
const NAME_AND_FILE = new Set(['--rawfile', '--slurpfile']);
/** Options followed by one value. */
const ONE_VALUE = new Set(['--indent', '--from-file', '-f', '--library-path', '-L']);
/** A filter that loads modules or data files (`import "x" as $d;`, `include "m";`) reads files it names only inside. */
const LOADS_MODULES = /\b(?:import|include)\s*"|\bmodulemeta\b/;

/**
 * `jq`: the filter (the first operand, unless `-f FILE` gave it) and the files it reads: the other operands,
 * `--rawfile NAME FILE`, `--slurpfile NAME FILE`, the `-f` program. After `--args`/`--jsonargs` operands are
 * values, not files. Modules (`import`, `include`, `-L DIR`, a program file) are files its words do not name.
 * Never writes.
 */
export const describeJq: DescribeProgram = (args) => {
  const files: FileEffect[] = [];
  const operands: ShellWord[] = [];
  let programFile: ShellWord | undefined;
  let library = false;
  let positionalValues = false;
  for (let index = 0; index < args.length; index++) {
    const word = args[index]!;
    const text = word.value;
    if (word.dynamic || !text.startsWith('-') || text === '-') {
      operands.push(word);
      continue;
    }
    if (text === '--') {
      operands.push(...args.slice(index + 1));
      break;
    }
    const [name, attached] = text.startsWith('--') ? splitLong(text) : [text, undefined];
    if (name === '--args' || name === '--jsonargs') positionalValues = true;
    if (NAME_AND_VALUE.has(name)) {
      const file = args[index + 2];
      if (NAME_AND_FILE.has(name) && file) files.push({ word: file, access: 'read', via: 'operand' });
      index += 2;
      continue;
    }
    if (!name.startsWith('--') && /[fL]/.test(name)) {
      // A short bundle (`-nrf prog.jq`): its value is attached after the letter or is the next word.
      const letter = /[fL]/.exec(name)![0];
      const rest = name.slice(name.indexOf(letter) + 1);
      const value = rest === '' ? args[++index] : { ...word, value: rest };
      if (letter === 'f') programFile = value;
      else library = true;
      continue;
    }
    if (ONE_VALUE.has(name)) {
      const value = attached === undefined ? args[++index] : { ...word, value: attached };
      if (name === '--from-file') programFile = value;
      if (name === '--library-path') library = true;
    }
  }
  const [filter, ...inputs] = programFile ? [undefined, ...operands] : operands;
  for (const input of positionalValues ? [] : inputs) if (input && input.value !== '-') files.push({ word: input, access: 'read', via: 'operand' });
  if (programFile) files.push({ word: programFile, access: 'read', via: 'option' });
  const loads = library || programFile !== undefined || filter === undefined || filter.dynamic || LOADS_MODULES.test(filter.value);
  return { readOnly: true, files, ...(loads ? { unnamedFiles: 'jq modules and data files (import, include, -L, a program file) are files its words do not name' } : {}) };
};

function splitLong(text: string): [string, string | undefined] {
  const equals = text.indexOf('=');
  return equals === -1 ? [text, undefined] : [text.slice(0, equals), text.slice(equals + 1)];
}
