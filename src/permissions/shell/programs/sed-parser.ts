/** Where the reading stands in a sed script, and what it has found so far. */
export interface SedParser {
  text: string;
  position: number;
  reads: string[];
  writes: string[];
  executes: boolean;
  openBlocks: number;
  labels: Set<string>;
  jumps: string[];
}

/** A script GNU sed would reject; its message is GNU sed's. */
export class SedSyntaxError extends Error {}

/** Stops the reading: the script is one GNU sed would reject, for `message`. */
export function fail(message: string): never {
  throw new SedSyntaxError(message);
}

/** Reads the next character, or undefined at the end of the script. */
export function next(parser: SedParser): string | undefined {
  if (parser.position >= parser.text.length) return undefined;
  return parser.text[parser.position++];
}

/** Steps back over `character`, just read (nothing to step back over at the end of the script). */
export function unread(parser: SedParser, character: string | undefined): void {
  if (character !== undefined) parser.position--;
}

/** Reads the next character that is not a space or a tab. */
export function nextNonBlank(parser: SedParser): string | undefined {
  let character: string | undefined;
  do character = next(parser);
  while (character === ' ' || character === '\t');
  return character;
}

/** Whether `character` is an ASCII digit. */
export function isDigit(character: string | undefined): character is string {
  return character !== undefined && character >= '0' && character <= '9';
}

/** Reads the digits from `first` on (none when `first` is not one) and returns their value. */
export function readInteger(parser: SedParser, first: string | undefined): number {
  let digits = '';
  let character = first;
  while (isDigit(character)) {
    digits += character;
    character = next(parser);
  }
  unread(parser, character);
  return digits === '' ? 0 : Number(digits);
}

/** Reads the end of a command: a newline, `;`, or the end of the script; a `}` or `#` is left for the next. */
export function readEndOfCommand(parser: SedParser): void {
  const character = nextNonBlank(parser);
  if (character === '}' || character === '#') unread(parser, character);
  else if (character !== undefined && character !== '\n' && character !== ';') fail('extra characters after command');
}
