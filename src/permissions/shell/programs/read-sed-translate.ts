import { readSedDelimited } from './read-sed-delimited.ts';
import { fail, next, readEndOfCommand, type SedParser } from './sed-parser.ts';

/** `y/source/target/`, its `y` just read: GNU sed rejects strings of different lengths. */
export function readSedTranslate(parser: SedParser): void {
  const delimiter = next(parser);
  const unterminated = "unterminated `y' command";
  const source = readSedDelimited(parser, { delimiter, regex: false, unterminated });
  const target = readSedDelimited(parser, { delimiter, regex: false, unterminated });
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
