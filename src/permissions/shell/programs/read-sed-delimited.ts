import { fail, next, type SedParser } from './sed-parser.ts';

/** What a bracket expression reader has just seen, as GNU sed tracks it to find where the expression ends. */
type BracketState = 'outside' | 'after-bracket' | 'in-class' | 'after-class';

/**
 * Reads up to `delimiter` and returns what is between, with `\delimiter` and `\newline` unescaped. In a
 * regex, a bracket expression is read whole, so `s/[/]/x/` is one regex: GNU sed 4.9 does so.
 */
export function readSedDelimited(parser: SedParser, { delimiter, regex, unterminated }: { delimiter: string | undefined; regex: boolean; unterminated: string }): string {
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
