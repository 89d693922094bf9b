import { readSedDelimited } from './read-sed-delimited.ts';
import { fail, isDigit, next, nextNonBlank, readInteger, type SedParser, unread } from './sed-parser.ts';

/** The kind of an address, as far as the rules on line 0 and on `+N`/`~N` need. */
type AddressKind = 'regex' | 'line' | 'line-zero' | 'last' | 'step' | 'empty';

/** Reads the addresses before a command and returns how many there were and the character after them. */
export function readSedAddresses(parser: SedParser, first: string): { count: number; following: string | undefined } {
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
    readSedDelimited(parser, { delimiter, regex: true, unterminated: 'unterminated address regex' });
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
