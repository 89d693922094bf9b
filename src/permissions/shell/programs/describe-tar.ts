import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { hasOption, optionValues, readArguments } from './read-arguments.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** Options whose value tar runs as a program or command (GTFOBins' `--checkpoint-action=exec=sh`). */
const RUNS = ['--to-command', '--use-compress-program', '-I', '--checkpoint-action', '--info-script', '--new-volume-script', '-F', '--rsh-command', '--rmt-command', '--index-file'];
const MODES = new Set(['c', 'x', 't', 'r', 'u', 'd', 'A']);
/** The options a listing may have and stay read-only: `-tvzf a.tgz`, `--list --verbose --file=a.tar`. */
const LISTING_LETTERS = new Set(['-t', '-v', '-f', '-z', '-j', '-J', '-a', '-Z']);
const LISTING_FLAGS = ['list', 'verbose', 'gzip', 'gunzip', 'bzip2', 'xz', 'lzma', 'zstd', 'auto-compress', 'force-local', 'numeric-owner', 'full-time', 'utc', 'wildcards', 'no-wildcards'];
const CREATE_OPTIONS = new Set(['-c', '--create']);
const LISTING_OPTIONS = new Set([...LISTING_LETTERS, ...LISTING_FLAGS.map((flag) => `--${flag}`), '--file']);

/**
 * tar: creating (`c`, `r`, `u`) reads its operands whole and writes the archive; extracting (`x`) reads
 * the archive and writes anything below `-C DIR` (or `.`); listing (`t`) reads the archive and is read-only
 * (unless an option runs a program, or the archive is `host:file`, reached through rsh). The mode may be
 * a first word without a dash (`tar czf out.tgz src`); creating to standard output (`-cf -`) only reads.
 * Options that run programs make it opaque.
 */
export const describeTar: DescribeProgram = (args) => {
  const words = bundleFirstWord(args);
  const read = readArguments(words, { shortWithValue: 'fCIFTXbgKLMNV', longWithValue: ['file', 'directory', 'use-compress-program', 'info-script', 'new-volume-script', 'files-from', 'exclude-from', 'to-command', 'checkpoint-action', 'rsh-command', 'rmt-command', 'index-file', 'transform', 'exclude', 'owner', 'group', 'mode', 'mtime', 'newer', 'label', 'format', 'blocking-factor'], longFlags: LISTING_FLAGS });
  const mode = read.options.map((option) => option.name.replace(/^-/, '')).find((letter) => MODES.has(letter)) ?? (hasOption(read.options, ['--create', '--append', '--update']) ? 'c' : hasOption(read.options, ['--extract', '--get']) ? 'x' : 't');
  const archives = optionValues(read.options, ['-f', '--file']);
  const directory = optionValues(read.options, ['-C', '--directory']).at(-1) ?? literalWord('.');
  const files: FileEffect[] = [...optionValues(read.options, ['-T', '--files-from', '-X', '--exclude-from']).map((word): FileEffect => ({ word, access: 'read', via: 'option' }))];
  const creates = mode === 'c' || mode === 'r' || mode === 'u';
  for (const archive of archives) if (archive.value !== '-') files.push({ word: archive, access: creates ? 'write' : 'read', via: 'operand' });
  if (creates) files.push(...read.operands.map((word): FileEffect => ({ word, access: 'read', via: 'operand', recursive: true })));
  if (mode === 'x') files.push({ word: directory, access: 'write', via: 'operand', recursive: true });
  const runs = hasOption(read.options, RUNS);
  // `host:file` is an archive on another machine, reached through rsh, unless --force-local.
  const remote = archives.some((archive) => archive.dynamic || archive.value.includes(':')) && !hasOption(read.options, ['--force-local']);
  // `tar -cf - dir` writes the archive to standard output: only its reads of `dir` (checked above) remain.
  const toOutput = mode === 'c' && archives.length > 0 && archives.every((archive) => archive.value === '-') && hasOption(read.options, ['-c', '--create']);
  const readOnly = (mode === 't' || toOutput) && !runs && !remote && read.unknownLong.length === 0 && read.options.every((option) => LISTING_OPTIONS.has(option.name) || (toOutput && CREATE_OPTIONS.has(option.name)));
  const namesFrom = creates && hasOption(read.options, ['-T', '--files-from']);
  return { readOnly, files, ...(runs ? { opaque: 'tar runs a program named by an option' } : {}), ...(namesFrom ? { unnamedFiles: 'it archives the files a list names' } : {}) };
};

/** `tar czf x.tgz dir` is `tar -czf x.tgz dir`: the first word is a bundle of options even without a dash. */
function bundleFirstWord(args: readonly ShellWord[]): ShellWord[] {
  const [first, ...rest] = args;
  if (!first || first.dynamic || first.value.startsWith('-') || !/^[A-Za-z]+$/.test(first.value)) return [...args];
  return [{ ...first, value: `-${first.value}` }, ...rest];
}
