/** A script that parses: the files it reads and writes by name, and whether it runs shell commands. */
export interface SedScriptEffects {
  ok: true;
  /** Files `r` and `R` read, as written (`/dev/stdin` is left out: it is the standard input). */
  reads: string[];
  /** Files `w`, `W` and the `w` flag of `s` write, as written (`/dev/stdout` and `/dev/stderr` are left out). */
  writes: string[];
  /** An `e` command or the `e` flag of `s` runs a shell command. */
  executes: boolean;
}

/** What {@link parseSedScript} finds: the script's effects, or why GNU sed would reject it. */
export type ParsedSedScript = SedScriptEffects | { ok: false; message: string };

/** Characters GNU sed skips between commands (isspace), besides `;`. */
const SPACES = new Set([' ', '\t', '\n', '\v', '\f', '\r']);
/** What ends a label of `:`, `b`, `t`, `T` (and the version of `v`): so `:a;N;$!ba` is three commands. */
const LABEL_ENDS = new Set(['\n', ' ', '\t', ';', '}', '#']);
/** Commands that take nothing and must be followed by the end of the command. */
const PLAIN_COMMANDS = new Set(['=', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'z', 'x']);
/** Names sed opens as its own streams instead of as files. */
const STANDARD_OUTPUTS = new Set(['/dev/stdout', '/dev/stderr']);
const STANDARD_INPUT = '/dev/stdin';
/** The GNU sed the grammar follows, for `v`. */
const SED_VERSION = '4.9';
const MISSING_FILE_NAME = 'missing filename in r/R/w/W commands';

/** Where the reading stands in the script, and what it has found so far. */
interface SedParser {
  text: string;
  position: number;
  reads: string[];
  writes: string[];
  executes: boolean;
  openBlocks: number;
  labels: Set<string>;
  jumps: string[];
}

/** The kind of an address, as far as the rules on line 0 and on `+N`/`~N` need. */
type AddressKind = 'regex' | 'line' | 'line-zero' | 'last' | 'step' | 'empty';

/** What a bracket expression reader has just seen, as GNU sed tracks it to find where the expression ends. */
type BracketState = 'outside' | 'after-bracket' | 'in-class' | 'after-class';

class SedSyntaxError extends Error {}

/**
 * Parses a sed script the way GNU sed 4.x compiles it and returns what matters for permissions: the files
 * `r`/`R` read, the files `w`/`W`/`s///w` write, and whether `e` or `s///e` runs a command; or, for a
 * script GNU sed would reject, the reason. Several `-e` scripts are the same script joined with newlines.
 */
export function parseSedScript(script: string): ParsedSedScript {
  const parser: SedParser = { text: script, position: 0, reads: [], writes: [], executes: false, openBlocks: 0, labels: new Set(), jumps: [] };
  try {
    readCommands(parser);
  } catch (error) {
    if (error instanceof SedSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, reads: parser.reads, writes: parser.writes, executes: parser.executes };
}

function fail(message: string): never {
  throw new SedSyntaxError(message);
}

function readCommands(parser: SedParser): void {
  for (;;) {
    const first = skipSeparators(parser);
    if (first === undefined) break;
    readCommand(parser, first);
  }
  if (parser.openBlocks > 0) fail("unmatched `{'");
  const missing = parser.jumps.find((label) => label !== '' && !parser.labels.has(label));
  if (missing !== undefined) fail(`can't find label for jump to \`${missing}'`);
}

function next(parser: SedParser): string | undefined {
  if (parser.position >= parser.text.length) return undefined;
  return parser.text[parser.position++];
}

/** Steps back over `character`, just read (nothing to step back over at the end of the script). */
function unread(parser: SedParser, character: string | undefined): void {
  if (character !== undefined) parser.position--;
}

function nextNonBlank(parser: SedParser): string | undefined {
  let character: string | undefined;
  do character = next(parser);
  while (character === ' ' || character === '\t');
  return character;
}

function skipSeparators(parser: SedParser): string | undefined {
  let character: string | undefined;
  do character = next(parser);
  while (character === ';' || (character !== undefined && SPACES.has(character)));
  return character;
}

function isDigit(character: string | undefined): character is string {
  return character !== undefined && character >= '0' && character <= '9';
}

/** Reads the digits from `first` on (none when `first` is not one) and returns their value. */
function readInteger(parser: SedParser, first: string | undefined): number {
  let digits = '';
  let character = first;
  while (isDigit(character)) {
    digits += character;
    character = next(parser);
  }
  unread(parser, character);
  return digits === '' ? 0 : Number(digits);
}

function readCommand(parser: SedParser, first: string): void {
  const { count, following } = readAddresses(parser, first);
  let command = following;
  if (command === '!') {
    command = nextNonBlank(parser);
    if (command === '!') fail("multiple `!'s");
  }
  if (command === '#' || command === ':' || command === '}') readSpecialCommand(parser, { command, count });
  else if (command === 'a' || command === 'i' || command === 'c' || command === 'e') readTextCommand(parser, command);
  else if (command === 'b' || command === 't' || command === 'T') parser.jumps.push(readLabel(parser));
  else if (command === 'q' || command === 'Q' || command === 'l' || command === 'L') readCountCommand(parser, { command, count });
  else if (command === 'r' || command === 'R' || command === 'w' || command === 'W') readFileCommand(parser, command);
  else if (command === 's') readSubstitute(parser);
  else if (command === 'y') readTranslate(parser);
  else if (command === 'v') readVersion(parser);
  else if (command === '{') parser.openBlocks++;
  else if (command !== undefined && PLAIN_COMMANDS.has(command)) readEndOfCommand(parser);
  else if (command === undefined) fail('missing command');
  else fail(`unknown command: \`${command}'`);
}

/** Commands that take no address: `#` comments, `:label`, and `}` (which must close a block). */
function readSpecialCommand(parser: SedParser, { command, count }: { command: string; count: number }): void {
  if (command === '#') {
    if (count > 0) fail("comments don't accept any addresses");
    // `#n` as the first line only turns the automatic printing off: a comment here.
    skipLine(parser);
  } else if (command === ':') {
    if (count > 0) fail(": doesn't want any addresses");
    const label = readLabel(parser);
    if (label === '') fail('":" lacks a label');
    parser.labels.add(label);
  } else {
    if (parser.openBlocks === 0) fail("unexpected `}'");
    if (count > 0) fail("} doesn't want any addresses");
    readEndOfCommand(parser);
    parser.openBlocks--;
  }
}

function skipLine(parser: SedParser): void {
  let character: string | undefined;
  do character = next(parser);
  while (character !== undefined && character !== '\n');
}

/** Reads the addresses before a command and returns how many there were and the character after them. */
function readAddresses(parser: SedParser, first: string): { count: number; following: string | undefined } {
  const start = readAddress(parser, first);
  if (start === undefined) return { count: 0, following: first };
  if (start === 'step') fail('invalid usage of +N or ~N as first address');
  let following = nextNonBlank(parser);
  let end: AddressKind | undefined;
  if (following === ',') {
    end = readAddress(parser, nextNonBlank(parser));
    if (end === undefined) fail("unexpected `,'");
    following = nextNonBlank(parser);
  }
  // Line 0 only starts a `0,/re/` range, or prepends a file with `0r`.
  if (start === 'line-zero' && (end === undefined ? following !== 'r' : end !== 'regex')) fail('invalid usage of line address 0');
  return { count: end === undefined ? 1 : 2, following };
}

/** Reads one address starting at `first` (already read); undefined, having read nothing more, when there is none. */
function readAddress(parser: SedParser, first: string | undefined): AddressKind | undefined {
  if (first === '/' || first === '\\') {
    const delimiter = first === '\\' ? next(parser) : '/';
    readDelimited(parser, { delimiter, regex: true, unterminated: 'unterminated address regex' });
    let flag: string | undefined;
    do flag = nextNonBlank(parser);
    while (flag === 'I' || flag === 'M');
    unread(parser, flag);
    return 'regex';
  }
  if (isDigit(first)) return readLineAddress(parser, first);
  if (first === '+' || first === '~') {
    // `+0` and `~0` are accepted, even first: they match no line.
    return readInteger(parser, nextNonBlank(parser)) === 0 ? 'empty' : 'step';
  }
  return first === '$' ? 'last' : undefined;
}

/** `N` or `first~step` (a step of 0, or no digits after `~`, leaves the plain line number). */
function readLineAddress(parser: SedParser, first: string): AddressKind {
  const line = readInteger(parser, first);
  const following = nextNonBlank(parser);
  if (following !== '~') {
    unread(parser, following);
    return line === 0 ? 'line-zero' : 'line';
  }
  const step = readInteger(parser, nextNonBlank(parser));
  return line === 0 && step === 0 ? 'line-zero' : 'line';
}

/**
 * Reads up to `delimiter` and returns what is between, with `\delimiter` and `\newline` unescaped. In a
 * regex, a bracket expression is read whole, so `s/[/]/x/` is one regex: GNU sed 4.9 does so.
 */
function readDelimited(parser: SedParser, { delimiter, regex, unterminated }: { delimiter: string | undefined; regex: boolean; unterminated: string }): string {
  if (delimiter !== undefined && delimiter > '\u007f') fail('delimiter character is not a single-byte character');
  let content = '';
  for (;;) {
    const character = next(parser);
    if (character === undefined || character === '\n') fail(unterminated);
    if (character === delimiter) return content;
    if (character === '\\') {
      const escaped = next(parser);
      if (escaped === undefined) fail(unterminated);
      const keepsBackslash = escaped !== '\n' && (escaped !== delimiter || (!regex && escaped === '&'));
      content += keepsBackslash ? `\\${escaped}` : escaped;
    } else if (character === '[' && regex) {
      content += readBracketExpression(parser, unterminated);
    } else {
      content += character;
    }
  }
}

/**
 * Reads a bracket expression whose `[` was just read, up to its closing `]`: a `]` first (after an optional
 * `^`) is literal, `[:…:]`, `[.….]` and `[=…=]` may hold a `]`, and a backslash escapes nothing.
 */
function readBracketExpression(parser: SedParser, unterminated: string): string {
  let content = '[';
  let character = next(parser);
  if (character === '^') {
    content += character;
    character = next(parser);
  }
  if (character === ']') {
    content += character;
    character = next(parser);
  }
  let state: BracketState = 'outside';
  let classDelimiter = '';
  for (; ; character = next(parser)) {
    if (character === undefined || character === '\n') fail(unterminated);
    content += character;
    if (character === ']' && (state === 'outside' || state === 'after-bracket')) return content;
    if (character === '[') {
      if (state === 'outside') state = 'after-bracket';
      continue;
    }
    if ((character === '.' || character === ':' || character === '=') && state === 'after-bracket') {
      classDelimiter = character;
      state = 'in-class';
      continue;
    }
    if (character === classDelimiter && state === 'in-class') {
      state = 'after-class';
      continue;
    }
    if (character === ']' && state === 'after-class') state = 'outside';
    state = state === 'after-bracket' ? 'outside' : state === 'after-class' ? 'in-class' : state;
  }
}

/** `a`, `i`, `c` text, or the command of `e` (`e` alone runs the pattern space). */
function readTextCommand(parser: SedParser, command: string): void {
  const first = nextNonBlank(parser);
  if (command === 'e') {
    parser.executes = true;
    if (first === undefined || first === '\n') return;
  }
  if (first === undefined) fail("expected \\ after `a', `c' or `i'");
  // The backslash of `a\` escapes what follows it like any other in the text: a newline continues the text.
  unread(parser, first);
  skipText(parser);
}

/** Skips text up to a newline that no backslash escapes. */
function skipText(parser: SedParser): void {
  for (;;) {
    const character = next(parser);
    if (character === undefined || character === '\n') return;
    if (character === '\\' && next(parser) === undefined) return;
  }
}

/** `v [VERSION]`: GNU sed 4.x refuses a script that asks for a newer version than its own. */
function readVersion(parser: SedParser): void {
  const version = readLabel(parser);
  if (compareVersions(version === '' ? '4.0' : version, SED_VERSION) > 0) fail('expected newer version of sed');
}

/** Compares versions the way strverscmp does, as far as it matters here: runs of digits by their value. */
function compareVersions(left: string, right: string): number {
  const leftParts = left.match(/\d+|\D+/g) ?? [];
  const rightParts = right.match(/\d+|\D+/g) ?? [];
  for (let index = 0; index < Math.max(leftParts.length, rightParts.length); index++) {
    const leftPart = leftParts[index] ?? '';
    const rightPart = rightParts[index] ?? '';
    const numeric = /^\d/.test(leftPart) && /^\d/.test(rightPart);
    const order = numeric ? Number(leftPart) - Number(rightPart) : leftPart < rightPart ? -1 : leftPart > rightPart ? 1 : 0;
    if (order !== 0) return order;
  }
  return 0;
}

function readLabel(parser: SedParser): string {
  let label = '';
  let character = nextNonBlank(parser);
  while (character !== undefined && !LABEL_ENDS.has(character)) {
    label += character;
    character = next(parser);
  }
  unread(parser, character);
  return label;
}

/** `q`, `Q` (one address at most) and `l`, `L`, each with an optional number. */
function readCountCommand(parser: SedParser, { command, count }: { command: string; count: number }): void {
  if ((command === 'q' || command === 'Q') && count > 1) fail('command only uses one address');
  const character = nextNonBlank(parser);
  if (isDigit(character)) readInteger(parser, character);
  else unread(parser, character);
  readEndOfCommand(parser);
}

function readEndOfCommand(parser: SedParser): void {
  const character = nextNonBlank(parser);
  if (character === '}' || character === '#') unread(parser, character);
  else if (character !== undefined && character !== '\n' && character !== ';') fail('extra characters after command');
}

/** The rest of the line, after blanks: `;`, `}` and `#` are part of the name. */
function readFileName(parser: SedParser): string {
  let name = '';
  let character = nextNonBlank(parser);
  while (character !== undefined && character !== '\n') {
    name += character;
    character = next(parser);
  }
  if (name === '') fail(MISSING_FILE_NAME);
  return name;
}

function readFileCommand(parser: SedParser, command: string): void {
  if (command === 'r' || command === 'R') {
    const name = readFileName(parser);
    if (name !== STANDARD_INPUT) parser.reads.push(name);
  } else {
    readWrittenFile(parser);
  }
}

/** A `w` file is created when the script is compiled, even if the command never runs. */
function readWrittenFile(parser: SedParser): void {
  const name = readFileName(parser);
  if (!STANDARD_OUTPUTS.has(name)) parser.writes.push(name);
}

function readSubstitute(parser: SedParser): void {
  const delimiter = next(parser);
  const unterminated = "unterminated `s' command";
  readDelimited(parser, { delimiter, regex: true, unterminated });
  readDelimited(parser, { delimiter, regex: false, unterminated });
  readSubstituteFlags(parser);
}

/** The flags of `s`, blanks allowed between them; `w FILE` takes the rest of the line, so it comes last. */
function readSubstituteFlags(parser: SedParser): void {
  const seen = new Set<string>();
  for (;;) {
    const flag = nextNonBlank(parser);
    if (flag === 'e') parser.executes = true;
    else if (flag === 'p' || flag === 'g') addFlag(seen, flag, `multiple \`${flag}' options to \`s' command`);
    else if (isDigit(flag)) readNumberFlag(parser, { seen, first: flag });
    else if (flag === 'w') return readWrittenFile(parser);
    else if (flag === '}' || flag === '#') return unread(parser, flag);
    else if (flag === undefined || flag === '\n' || flag === ';' || (flag === '\r' && next(parser) === '\n')) return;
    else if (flag !== 'i' && flag !== 'I' && flag !== 'm' && flag !== 'M') fail("unknown option to `s'");
  }
}

function addFlag(seen: Set<string>, flag: string, message: string): void {
  if (seen.has(flag)) fail(message);
  seen.add(flag);
}

function readNumberFlag(parser: SedParser, { seen, first }: { seen: Set<string>; first: string }): void {
  addFlag(seen, 'number', "multiple number options to `s' command");
  if (readInteger(parser, first) === 0) fail("number option to `s' command may not be zero");
}

function readTranslate(parser: SedParser): void {
  const delimiter = next(parser);
  const unterminated = "unterminated `y' command";
  const source = readDelimited(parser, { delimiter, regex: false, unterminated });
  const target = readDelimited(parser, { delimiter, regex: false, unterminated });
  if (countTranslated(source) !== countTranslated(target)) fail("strings for `y' command are different lengths");
  readEndOfCommand(parser);
}

/** How many characters a `y` string stands for: an escape (`\n`, `\\`, `\x41`, `\d065`, `\o101`, `\cA`) is one. */
function countTranslated(text: string): number {
  const characters = Array.from(text);
  let count = 0;
  for (let index = 0; index < characters.length; count++) {
    if (characters[index] !== '\\' || index + 1 >= characters.length) {
      index++;
      continue;
    }
    const kind = characters[index + 1]!;
    index += 2;
    if (kind === 'c' && index < characters.length) index++;
    else index += countDigits(characters.slice(index), kind);
  }
  return count;
}

/** The digits a numeric escape (`\xHH`, `\dNNN`, `\oNNN`) takes after its letter. */
function countDigits(following: readonly string[], kind: string): number {
  const digits = kind === 'x' ? /^[0-9a-fA-F]$/ : kind === 'd' ? /^[0-9]$/ : kind === 'o' ? /^[0-7]$/ : undefined;
  if (!digits) return 0;
  const limit = kind === 'x' ? 2 : 3;
  let taken = 0;
  while (taken < limit && taken < following.length && digits.test(following[taken]!)) taken++;
  return taken;
}
