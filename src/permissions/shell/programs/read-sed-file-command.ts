import { fail, next, nextNonBlank, type SedParser } from './sed-parser.ts';

/** Names sed opens as its own streams instead of as files. */
const STANDARD_OUTPUTS = new Set(['/dev/stdout', '/dev/stderr']);
const STANDARD_INPUT = '/dev/stdin';
const MISSING_FILE_NAME = 'missing filename in r/R/w/W commands';

/** `r`, `R`, `w` or `W` and its file name, noted as read or written. */
export function readSedFileCommand(parser: SedParser, command: string): void {
  if (command === 'r' || command === 'R') {
    const name = readFileName(parser);
    if (name !== STANDARD_INPUT) parser.reads.push(name);
  } else {
    readWrittenFile(parser);
  }
}

/** A `w` file is created when the script is compiled, even if the command never runs. */
export function readWrittenFile(parser: SedParser): void {
  const name = readFileName(parser);
  if (!STANDARD_OUTPUTS.has(name)) parser.writes.push(name);
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
