import type { ShellWord } from '../types.ts';
import { abbreviatesLongOption } from './abbreviates-long-option.ts';

/** How a program's options are spelled, as far as telling options from operands needs. */
export interface ArgumentSpec {
  /** Short options that take a value, attached (`-ofile`) or as the next word (`-o file`). */
  shortWithValue?: string;
  /** Long options (without `--`) that take a value, as `--name=value` or `--name value`. */
  longWithValue?: readonly string[];
  /** Long options (without `--`) that take no value, or only an attached one (`--in-place=.bak`). */
  longFlags?: readonly string[];
  /** Options stop at the first operand (POSIX, BSD, `find`); by default they may follow operands (GNU). */
  optionsFirst?: boolean;
}

/** One option as read: its name (`-o`, `--output`; a long one spelled out when its abbreviation is unique) and value. */
export interface ReadOption {
  name: string;
  value?: ShellWord;
  /** The word, as written (`--out=F`, `-nro`). */
  written: string;
}

export interface ReadArguments {
  options: ReadOption[];
  operands: ShellWord[];
  /** An option no spec entry names (a long one that abbreviates nothing known, or one that abbreviates several). */
  unknownLong: string[];
}

/**
 * Splits a program's words into options and operands the way GNU getopt_long does: options may follow
 * operands, `--` ends them, short options bundle (`-rn`, `-n5`), and a long option may be abbreviated to
 * any unambiguous prefix (`--out=F` is `--output=F`). A dynamic word is an operand, never an option.
 */
export function readArguments(words: readonly ShellWord[], spec: ArgumentSpec = {}): ReadArguments {
  const result: ReadArguments = { options: [], operands: [], unknownLong: [] };
  let optionsEnded = false;
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const text = word.value;
    if (optionsEnded || word.dynamic || !text.startsWith('-') || text === '-') {
      result.operands.push(word);
      if (spec.optionsFirst) optionsEnded = true;
      continue;
    }
    if (text === '--') {
      optionsEnded = true;
      continue;
    }
    const taken = text.startsWith('--') ? readLong(words, index, { spec, result }) : readShort(words, index, { spec, result });
    index += taken;
  }
  return result;
}

/** Reads `--name[=value]` at `index`; returns how many extra words it took. */
function readLong(words: readonly ShellWord[], index: number, { spec, result }: { spec: ArgumentSpec; result: ReadArguments }): number {
  const word = words[index]!;
  const equals = word.value.indexOf('=');
  const written = (equals === -1 ? word.value : word.value.slice(0, equals)).slice(2);
  const name = expandLong(written, spec);
  if (name === undefined) result.unknownLong.push(`--${written}`);
  const full = `--${name ?? written}`;
  if (equals !== -1) {
    result.options.push({ name: full, value: { ...word, value: word.value.slice(equals + 1) }, written: word.value });
    return 0;
  }
  if (name !== undefined && spec.longWithValue?.includes(name)) {
    const value = words[index + 1];
    result.options.push({ name: full, value, written: word.value });
    return value === undefined ? 0 : 1;
  }
  result.options.push({ name: full, written: word.value });
  return 0;
}

/** Reads a short cluster at `index`; returns how many extra words it took. */
function readShort(words: readonly ShellWord[], index: number, { spec, result }: { spec: ArgumentSpec; result: ReadArguments }): number {
  const word = words[index]!;
  for (let position = 1; position < word.value.length; position++) {
    const letter = word.value[position]!;
    if (!spec.shortWithValue?.includes(letter)) {
      result.options.push({ name: `-${letter}`, written: word.value });
      continue;
    }
    const attached = word.value.slice(position + 1);
    if (attached !== '') {
      result.options.push({ name: `-${letter}`, value: { ...word, value: attached }, written: word.value });
      return 0;
    }
    const value = words[index + 1];
    result.options.push({ name: `-${letter}`, value, written: word.value });
    return value === undefined ? 0 : 1;
  }
  return 0;
}

/** The long option `written` spells or abbreviates, when exactly one matches. */
function expandLong(written: string, spec: ArgumentSpec): string | undefined {
  const known = [...(spec.longWithValue ?? []), ...(spec.longFlags ?? [])];
  if (known.includes(written)) return written;
  const candidates = known.filter((name) => name.startsWith(written));
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * Whether an option as read is `option` (`-o`, `--output`) or could be: a long option that is unknown
 * but a prefix of it counts too, so a dangerous option is never missed through an abbreviation.
 */
export function isOption(read: ReadOption, option: string): boolean {
  return read.name === option || abbreviatesLongOption(read.written, option);
}

/** Whether any option read is one of `names` (see {@link matchesEntry}). */
export function hasOption(options: readonly ReadOption[], names: readonly string[] | undefined): boolean {
  if (!names || options.length === 0) return false;
  return options.some((option) => names.some((name) => matchesEntry(option, name)));
}

/** The values of the options read that are one of `names`. */
export function optionValues(options: readonly ReadOption[], names: readonly string[] | undefined): ShellWord[] {
  if (!names || options.length === 0) return [];
  const values: ShellWord[] = [];
  for (const option of options) if (option.value && names.some((name) => matchesEntry(option, name))) values.push(option.value);
  return values;
}

/** `name`, or `name=value` for an option that matters only with that value (`--directories=recurse`). */
function matchesEntry(option: ReadOption, entry: string): boolean {
  const equals = entry.indexOf('=');
  if (equals === -1) return isOption(option, entry);
  return isOption(option, entry.slice(0, equals)) && option.value?.value === entry.slice(equals + 1);
}
