import { literalWord } from '../read-word.ts';
import { optionValues, readArguments } from './read-arguments.ts';
import type { DescribeProgram, FileEffect } from './types.ts';

/** Modes that only list, test or print the archive: nothing is written. */
const PRINTING = ['-l', '-v', '-t', '-z', '-Z', '-p', '-c'];
/** Options a listing may have and stay read-only. */
const LISTING = new Set([...PRINTING, '-q', '-qq', '-1', '-2', '-s', '-m', '-h', '-M', '-T']);

/**
 * unzip: reads the archive (its first operand; the rest name members); extracting writes anything below
 * `-d DIR` (or `.`), and `-:` lets member names climb out of it with `../`, to files no word names.
 * Listing, testing and printing (`-l`, `-t`, `-p`, `-Z`…) only read. An archive's members may be links
 * that a later command of the same call writes through: the extraction folder is written whole, so a
 * protected place or a denied file below it asks.
 */
export const describeUnzip: DescribeProgram = (args) => {
  const read = readArguments(args, { shortWithValue: 'dPIO' });
  const [archive, ...members] = read.operands;
  const files: FileEffect[] = archive ? [{ word: archive, access: 'read', via: 'operand' }] : [];
  const names = read.options.map((option) => option.name);
  const printing = names.some((name) => PRINTING.includes(name));
  const climbs = names.includes('-:');
  if (!printing) files.push({ word: optionValues(read.options, ['-d']).at(-1) ?? literalWord('.'), access: 'write', via: 'operand', recursive: true });
  const readOnly = printing && read.unknownLong.length === 0 && names.every((name) => LISTING.has(name)) && members.every((member) => !member.dynamic);
  return { readOnly, files, ...(climbs ? { unnamedFiles: "unzip -: extracts members named with '../' outside its folder" } : {}) };
};
