import { readSedDelimited } from './read-sed-delimited.ts';
import { readWrittenFile } from './read-sed-file-command.ts';
import { fail, isDigit, next, nextNonBlank, readInteger, type SedParser, unread } from './sed-parser.ts';

/** `s/regex/replacement/flags`, its `s` just read. */
export function readSedSubstitute(parser: SedParser): void {
  const delimiter = next(parser);
  const unterminated = "unterminated `s' command";
  readSedDelimited(parser, { delimiter, regex: true, unterminated });
  readSedDelimited(parser, { delimiter, regex: false, unterminated });
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
