import { MAX_LINE_LENGTH } from './limits.ts';

/**
 * One numbered line as Claude Code writes it: the number, a tab, the line (`1\tfoo`). No padding: `cat -n`'s
 * six columns would add up to 5 characters to every line of every read, which the model reads again on
 * every later request.
 */
export function formatNumberedLine(lineNumber: number, line: string): string {
  return `${lineNumber}\t${line}`;
}

/** A line cut at MAX_LINE_LENGTH with a marker giving its full length; `truncated` tells whether it was cut. */
export function truncateLine(line: string): { text: string; truncated: boolean } {
  if (line.length <= MAX_LINE_LENGTH) return { text: line, truncated: false };
  return { text: `${line.slice(0, MAX_LINE_LENGTH)}… [line truncated: ${line.length.toLocaleString('en-US')} chars]`, truncated: true };
}
