import { MAX_LINE_LENGTH } from './limits.ts';

/** One line as `cat -n` prints it: the number right-aligned in 6 columns, a tab, the line. */
export function formatNumberedLine(lineNumber: number, line: string): string {
  return `${String(lineNumber).padStart(6, ' ')}\t${line}`;
}

/** A line cut at MAX_LINE_LENGTH with a marker giving its full length; `truncated` tells whether it was cut. */
export function truncateLine(line: string): { text: string; truncated: boolean } {
  if (line.length <= MAX_LINE_LENGTH) return { text: line, truncated: false };
  return { text: `${line.slice(0, MAX_LINE_LENGTH)}… [line truncated: ${line.length.toLocaleString('en-US')} chars]`, truncated: true };
}
