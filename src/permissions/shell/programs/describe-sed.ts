import { literalWord } from '../read-word.ts';
import type { ShellWord } from '../types.ts';
import { parseSedScript } from './parse-sed-script.ts';
import type { DescribeProgram, FileEffect, ProgramEffects } from './types.ts';

/** How a long option of GNU sed takes a value; `letter` is the short option it stands for, when one matters. */
interface LongOption {
  value: 'none' | 'required' | 'optional';
  letter?: string;
}

const LONG_OPTIONS: Readonly<Record<string, LongOption>> = {
  'binary': { value: 'none' },
  'debug': { value: 'none' },
  'expression': { value: 'required', letter: 'e' },
  'file': { value: 'required', letter: 'f' },
  'follow-symlinks': { value: 'none' },
  'help': { value: 'none' },
  'in-place': { value: 'optional', letter: 'i' },
  'line-length': { value: 'required', letter: 'l' },
  'null-data': { value: 'none' },
  'posix': { value: 'none' },
  'quiet': { value: 'none' },
  'regexp-extended': { value: 'none' },
  'sandbox': { value: 'none' },
  'separate': { value: 'none' },
  'silent': { value: 'none' },
  'unbuffered': { value: 'none' },
  'version': { value: 'none' },
  'zero-terminated': { value: 'none' },
};
/** Long options that change what sed does to files or which script it runs: any prefix counts as them. */
const DANGEROUS_LONG_OPTIONS = ['in-place', 'expression', 'file'];
const SHORT_FLAGS = 'bnrsuzE';
const SHORT_WITH_VALUE = 'efl';

/** A script given with `-e` (its text) or `-f` (a file holding it). */
interface ScriptSource {
  from: 'expression' | 'file';
  word: ShellWord;
}

/** `-i` as last given: the word it was written in, and its suffix (empty without one). */
interface InPlace {
  word: ShellWord;
  suffix: string;
}

/** The words after `sed`, sorted out the way getopt_long does. */
interface SedArguments {
  scripts: ScriptSource[];
  operands: ShellWord[];
  inPlace?: InPlace;
  unknownOption: boolean;
  /** A word known only at run time (an expansion, a leading glob) stands where sed still reads options. */
  unresolvedOption: boolean;
  /** An option follows an operand: with POSIXLY_CORRECT in the environment, sed reads it as an operand. */
  optionAfterOperand: boolean;
}

/** The arguments being read, and where: what the option readers share. */
interface ArgumentReader {
  args: readonly ShellWord[];
  index: number;
  result: SedArguments;
}

/**
 * GNU sed: the script is the `-e`/`-f` scripts, or else the first operand; the other operands are input
 * files (`-` is the standard input), written in place with `-i` (plus a backup for a suffix). The script's
 * `r`/`R` files are reads and its `w`/`W`/`s///w` files writes; `e` and `s///e` run commands nobody can
 * read. Read-only only for known options, no `-i` and no `-f`, and a script that parses, writes nothing
 * and runs nothing. Options may follow operands, which sed does not do with POSIXLY_CORRECT set: then
 * both readings count.
 */
export const describeSed: DescribeProgram = (args) => {
  const permuted = readSedArguments(args, true);
  const effects = describeArguments(permuted);
  if (!permuted.optionAfterOperand) return effects;
  return mergeEffects(effects, describeArguments(readSedArguments(args, false)));
};

function readSedArguments(args: readonly ShellWord[], permute: boolean): SedArguments {
  const result: SedArguments = { scripts: [], operands: [], unknownOption: false, unresolvedOption: false, optionAfterOperand: false };
  const reader: ArgumentReader = { args, index: 0, result };
  for (; reader.index < args.length; reader.index++) {
    const word = args[reader.index]!;
    noteUnresolved(reader, word);
    if (word.value === '--') break;
    if (!word.value.startsWith('-') || word.value === '-') {
      result.operands.push(word);
      if (!permute) break;
      continue;
    }
    if (result.operands.length > 0) result.optionAfterOperand = true;
    if (word.value.startsWith('--')) readLongOption(reader, word);
    else readShortOptions(reader, word);
  }
  result.operands.push(...args.slice(reader.index + 1));
  return result;
}

/** A word that may become options once the shell expands it: any expansion (it may split), a glob that may match `-i…`. */
function noteUnresolved(reader: ArgumentReader, word: ShellWord): void {
  if (word.dynamic || (word.glob && /^[*?[]/.test(word.value))) reader.result.unresolvedOption = true;
}

function readLongOption(reader: ArgumentReader, word: ShellWord): void {
  const text = word.value.slice(2);
  const equals = text.indexOf('=');
  const name = resolveLongOption(equals === -1 ? text : text.slice(0, equals));
  const option = name === undefined ? undefined : LONG_OPTIONS[name];
  if (!option) {
    reader.result.unknownOption = true;
    return;
  }
  if (equals !== -1) {
    if (option.value === 'none') reader.result.unknownOption = true;
    else applyOption(reader.result, { letter: option.letter!, value: partOfWord(word, text.slice(equals + 1)), attached: true, word });
  } else if (option.value === 'required') {
    takeNextWord(reader, { letter: option.letter!, word });
  } else if (option.letter === 'i') {
    applyOption(reader.result, { letter: 'i', value: undefined, attached: true, word });
  }
}

/**
 * The long option `written` names: itself, a prefix of a dangerous one (fail closed: GNU takes it, or
 * rejects `--f` as ambiguous), or the only option it is a prefix of.
 */
function resolveLongOption(written: string): string | undefined {
  if (written === '') return undefined;
  if (Object.hasOwn(LONG_OPTIONS, written)) return written;
  const dangerous = DANGEROUS_LONG_OPTIONS.find((name) => name.startsWith(written));
  if (dangerous) return dangerous;
  const candidates = Object.keys(LONG_OPTIONS).filter((name) => name.startsWith(written));
  return candidates.length === 1 ? candidates[0] : undefined;
}

function readShortOptions(reader: ArgumentReader, word: ShellWord): void {
  for (let position = 1; position < word.value.length; position++) {
    const letter = word.value[position]!;
    const attached = word.value.slice(position + 1);
    if (letter === 'i') return applyOption(reader.result, { letter, value: attached === '' ? undefined : partOfWord(word, attached), attached: true, word });
    if (SHORT_WITH_VALUE.includes(letter)) {
      if (attached === '') return takeNextWord(reader, { letter, word });
      return applyOption(reader.result, { letter, value: partOfWord(word, attached), attached: true, word });
    }
    if (!SHORT_FLAGS.includes(letter)) reader.result.unknownOption = true;
  }
}

/** An option's value given as the next word (`-e SCRIPT`, `--file FILE`), whatever it looks like. */
function takeNextWord(reader: ArgumentReader, { letter, word }: { letter: string; word: ShellWord }): void {
  const value = reader.args[reader.index + 1];
  if (value === undefined) {
    reader.result.unknownOption = true;
    return;
  }
  reader.index++;
  noteUnresolved(reader, value);
  applyOption(reader.result, { letter, value, attached: false, word });
}

/** The value part of an option word (`--file=F`, `-fF`), with the flags of the whole word. */
function partOfWord(word: ShellWord, value: string): ShellWord {
  return { ...word, value, userTilde: false };
}

/** Records an option: `value` is its value, `attached` when written in the option's own word. */
function applyOption(result: SedArguments, option: { letter: string; value: ShellWord | undefined; attached: boolean; word: ShellWord }): void {
  const { letter, value } = option;
  if (letter === 'i') result.inPlace = { word: option.word, suffix: value?.value ?? '' };
  else if (letter === 'e' && value) result.scripts.push({ from: 'expression', word: value });
  // The shell expands no `~` inside `--file=~/x` or `-f~/x`.
  else if (letter === 'f' && value) result.scripts.push({ from: 'file', word: option.attached ? pathInsideWord(value) : value });
}

/** A path cut out of a longer word: a leading `~` is literal there, so it is spelled `./~…` for the engine. */
function pathInsideWord(word: ShellWord): ShellWord {
  return word.value.startsWith('~') ? { ...word, value: `./${word.value}` } : word;
}

function describeArguments(read: SedArguments): ProgramEffects {
  const givenScripts = read.scripts.length > 0;
  const inputs = givenScripts ? read.operands : read.operands.slice(1);
  const expressions = givenScripts ? read.scripts.filter((script) => script.from === 'expression').map((script) => script.word) : read.operands.slice(0, 1);
  const scriptFiles = read.scripts.filter((script) => script.from === 'file').map((script) => script.word);
  const script = describeScript(expressions);
  const files: FileEffect[] = [
    ...scriptFiles.filter((word) => word.value !== '-').map((word): FileEffect => ({ word, access: 'read', via: 'option' })),
    ...script.files,
    ...inputFiles(inputs, read.inPlace),
  ];
  const opaque = scriptFiles.length > 0 ? 'a sed script read from a file' : script.opaque;
  const readOnly = script.readOnly && scriptFiles.length === 0 && !read.inPlace && !read.unknownOption && !read.unresolvedOption;
  return { readOnly, files: uniqueFiles(files), ...(opaque ? { opaque } : {}), ...(read.inPlace ? { editsFiles: true } : {}) };
}

/** What the `-e` scripts (or the script operand) do, read as one script. */
function describeScript(words: readonly ShellWord[]): Pick<ProgramEffects, 'readOnly' | 'files' | 'opaque'> {
  if (words.length === 0) return { readOnly: true, files: [] };
  if (words.some((word) => word.dynamic || word.glob)) return { readOnly: false, files: [], opaque: 'a sed script only known at run time' };
  const parsed = parseSedScript(words.map((word) => word.value).join('\n'));
  if (!parsed.ok) return { readOnly: false, files: [], opaque: `a sed script that does not parse (${parsed.message})` };
  const files = [
    ...parsed.reads.map((name): FileEffect => ({ word: scriptPath(name), access: 'read', via: 'option' })),
    ...parsed.writes.map((name): FileEffect => ({ word: scriptPath(name), access: 'write', via: 'option' })),
  ];
  const opaque = parsed.executes ? 'a sed script that runs shell commands (e)' : undefined;
  return { readOnly: parsed.writes.length === 0 && !parsed.executes, files, ...(opaque ? { opaque } : {}) };
}

/** A file named inside the script: sed expands nothing in it, not even a leading `~`. */
function scriptPath(name: string): ShellWord {
  return literalWord(name.startsWith('~') ? `./${name}` : name);
}

/** The input files: read, or with `-i` written (`-` too: with `-i` it is a file of that name) with their backups. */
function inputFiles(inputs: readonly ShellWord[], inPlace: InPlace | undefined): FileEffect[] {
  if (!inPlace) return inputs.filter((word) => word.value !== '-').map((word): FileEffect => ({ word, access: 'read', via: 'operand' }));
  // `-i` turns reads into writes through an option: a rule for `sed -n` must not grant them (checked like a redirect).
  return inputs.flatMap((word): FileEffect[] => {
    const backup = backupOf(word, inPlace);
    return [{ word, access: 'write', via: 'option' }, ...(backup ? [{ word: backup, access: 'write' as const, via: 'option' as const }] : [])];
  });
}

/**
 * The backup `-i SUFFIX` makes of `file`: GNU sed replaces each `*` of the suffix by the file name as
 * given, folders included (`-i'bak/*'` on `sub/f` writes `bak/sub/f`, relative to where sed runs), and
 * appends a suffix without `*`. No backup without a suffix, or for a suffix of just `*`, unless a glob.
 */
function backupOf(file: ShellWord, inPlace: InPlace): ShellWord | undefined {
  const pattern = inPlace.suffix.includes('*') ? inPlace.suffix : `*${inPlace.suffix}`;
  // `-i*` is a glob: the shell may turn it into `-i.bak` or any other suffix.
  if (pattern === '*') return inPlace.word.glob ? { ...file, value: `${file.value}*`, glob: true } : undefined;
  const prefix = pattern.slice(0, pattern.indexOf('*'));
  const value = pattern.split('*').join(file.value);
  const word: ShellWord = {
    value,
    // A `~` the shell expanded in the file name is unknown in the middle of the backup's name.
    dynamic: file.dynamic || inPlace.word.dynamic || (prefix !== '' && file.value.startsWith('~')),
    glob: file.glob || inPlace.word.glob,
    userTilde: file.userTilde && prefix === '',
    processSubstitution: file.processSubstitution,
  };
  return prefix === '' ? word : pathInsideWord(word);
}

/** Both readings of the words (options after operands, or not): whatever either does. */
function mergeEffects(first: ProgramEffects, second: ProgramEffects): ProgramEffects {
  const opaque = first.opaque ?? second.opaque;
  const editsFiles = first.editsFiles === true || second.editsFiles === true;
  return {
    readOnly: first.readOnly && second.readOnly,
    files: uniqueFiles([...first.files, ...second.files]),
    ...(opaque ? { opaque } : {}),
    ...(editsFiles ? { editsFiles } : {}),
  };
}

function uniqueFiles(files: readonly FileEffect[]): FileEffect[] {
  const seen = new Set<string>();
  return files.filter((file) => {
    const key = JSON.stringify([file.word, file.access, file.via]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
