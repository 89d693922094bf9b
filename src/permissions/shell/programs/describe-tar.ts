import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { hasOption, optionValues, readArguments } from './read-arguments.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** Options whose value tar runs as a program or command (GTFOBins' `--checkpoint-action=exec=sh`). */
const RUNS = ['--to-command', '--use-compress-program', '-I', '--checkpoint-action', '--info-script', '--new-volume-script', '-F', '--rsh-command', '--rmt-command', '--index-file'];
const MODES = new Set(['c', 'x', 't', 'r', 'u', 'd', 'A']);

/**
 * tar: creating (`c`, `r`, `u`) reads its operands whole and writes the archive; extracting (`x`) reads
 * the archive and writes anything below `-C DIR` (or `.`); listing (`t`) reads the archive. The mode may be
 * a first word without a dash (`tar czf out.tgz src`). Options that run programs make it opaque.
 */
export const describeTar: DescribeProgram = (args) => {
  const words = bundleFirstWord(args);
  const read = readArguments(words, { shortWithValue: 'fCIFTXbgKLMNV', longWithValue: ['file', 'directory', 'use-compress-program', 'info-script', 'new-volume-script', 'files-from', 'exclude-from', 'to-command', 'checkpoint-action', 'rsh-command', 'rmt-command', 'index-file', 'transform', 'exclude', 'owner', 'group', 'mode', 'mtime', 'newer', 'label', 'format', 'blocking-factor'] });
  const mode = read.options.map((option) => option.name.replace(/^-/, '')).find((letter) => MODES.has(letter)) ?? (hasOption(read.options, ['--create', '--append', '--update']) ? 'c' : hasOption(read.options, ['--extract', '--get']) ? 'x' : 't');
  const archives = optionValues(read.options, ['-f', '--file']);
  const directory = optionValues(read.options, ['-C', '--directory']).at(-1) ?? literalWord('.');
  const files: FileEffect[] = [...optionValues(read.options, ['-T', '--files-from', '-X', '--exclude-from']).map((word): FileEffect => ({ word, access: 'read', via: 'option' }))];
  const creates = mode === 'c' || mode === 'r' || mode === 'u';
  for (const archive of archives) if (archive.value !== '-') files.push({ word: archive, access: creates ? 'write' : 'read', via: 'operand' });
  if (creates) files.push(...read.operands.map((word): FileEffect => ({ word, access: 'read', via: 'operand', recursive: true })));
  if (mode === 'x') files.push({ word: directory, access: 'write', via: 'operand', recursive: true });
  const runs = hasOption(read.options, RUNS);
  return { readOnly: false, files, ...(runs ? { opaque: 'tar runs a program named by an option' } : {}) };
};

/** `tar czf x.tgz dir` is `tar -czf x.tgz dir`: the first word is a bundle of options even without a dash. */
function bundleFirstWord(args: readonly ShellWord[]): ShellWord[] {
  const [first, ...rest] = args;
  if (!first || first.dynamic || first.value.startsWith('-') || !/^[A-Za-z]+$/.test(first.value)) return [...args];
  return [{ ...first, value: `-${first.value}` }, ...rest];
}
