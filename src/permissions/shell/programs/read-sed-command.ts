import { readSedAddresses } from './read-sed-addresses.ts';
import { readSedFileCommand } from './read-sed-file-command.ts';
import { readSedSubstitute } from './read-sed-substitute.ts';
import { readSedTranslate } from './read-sed-translate.ts';
import { fail, isDigit, next, nextNonBlank, readEndOfCommand, readInteger, type SedParser, unread } from './sed-parser.ts';

/** What ends a label of `:`, `b`, `t`, `T` (and the version of `v`): so `:a;N;$!ba` is three commands. */
const LABEL_ENDS = new Set(['\n', ' ', '\t', ';', '}', '#']);
/** Commands that take nothing and must be followed by the end of the command. */
const PLAIN_COMMANDS = new Set(['=', 'd', 'D', 'F', 'g', 'G', 'h', 'H', 'n', 'N', 'p', 'P', 'z', 'x']);
/** The GNU sed the grammar follows, for `v`. */
const SED_VERSION = '4.9';

/** Reads one command, with its addresses, from `first` (its first character, already read). */
export function readSedCommand(parser: SedParser, first: string): void {
  const { count, following } = readSedAddresses(parser, first);
  let command = following;
  if (command === '!') {
    command = nextNonBlank(parser);
    if (command === '!') fail("multiple `!'s");
  }
  if (command === '#' || command === ':' || command === '}') readSpecialCommand(parser, { command, count });
  else if (command === 'a' || command === 'i' || command === 'c' || command === 'e') readTextCommand(parser, command);
  else if (command === 'b' || command === 't' || command === 'T') parser.jumps.push(readLabel(parser));
  else if (command === 'q' || command === 'Q' || command === 'l' || command === 'L') readCountCommand(parser, { command, count });
  else if (command === 'r' || command === 'R' || command === 'w' || command === 'W') readSedFileCommand(parser, command);
  else if (command === 's') readSedSubstitute(parser);
  else if (command === 'y') readSedTranslate(parser);
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
