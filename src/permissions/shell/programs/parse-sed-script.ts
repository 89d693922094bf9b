import { readSedCommand } from './read-sed-command.ts';
import { fail, next, type SedParser, SedSyntaxError } from './sed-parser.ts';

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

function readCommands(parser: SedParser): void {
  for (;;) {
    const first = skipSeparators(parser);
    if (first === undefined) break;
    readSedCommand(parser, first);
  }
  if (parser.openBlocks > 0) fail("unmatched `{'");
  const missing = parser.jumps.find((label) => label !== '' && !parser.labels.has(label));
  if (missing !== undefined) fail(`can't find label for jump to \`${missing}'`);
}

function skipSeparators(parser: SedParser): string | undefined {
  let character: string | undefined;
  do character = next(parser);
  while (character === ';' || (character !== undefined && SPACES.has(character)));
  return character;
}
