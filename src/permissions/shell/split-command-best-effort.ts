import { literalWord } from './read-word.ts';
import { stripWrappers } from './strip-wrappers.ts';

const SEPARATORS = /&&|\|\||\|&|\$\(|<\(|>\(|[;&|\n\r()`{}]/;
const SEPARATORS_AND_QUOTES = /&&|\|\||\|&|\$\(|<\(|>\(|[;&|\n\r()`{}'"]/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** Words that can precede a command in a segment: `do rm x`, `then rm x`, `! rm x`. */
const LEADING_KEYWORDS = new Set(['!', '{', '}', 'do', 'done', 'then', 'else', 'elif', 'if', 'fi', 'while', 'until', 'time', 'coproc']);

/**
 * Candidate subcommands of a command the parser refused, for deny and ask rules only: it over-splits on
 * purpose (at every operator, bracket and quote, with and without unquoting) and drops leading keywords,
 * assignments and wrappers, so `rm -rf / &&& x`, `bash -c 'rm -rf /` and `r'm' -rf /"` still show
 * `rm -rf /`. Never use it to allow anything.
 */
export function splitCommandBestEffort(command: string): string[] {
  const joined = command.replace(/\\\r?\n/g, ' ');
  const unquoted = joined.replace(/\\(.)/g, '$1').replace(/\$'/g, "'").replace(/["']/g, '');
  const segments = [...joined.split(SEPARATORS_AND_QUOTES), ...unquoted.split(SEPARATORS)];
  const parts = new Set<string>();
  for (const segment of segments) {
    const words = segment.split(/\s+/).filter(Boolean);
    if (words.length === 0) continue;
    parts.add(words.join(' '));
    const start = words.findIndex((word) => !ASSIGNMENT.test(word) && !LEADING_KEYWORDS.has(word));
    if (start === -1) continue;
    const stripped = stripWrappers(words.slice(start).map(literalWord)).argv.map((word) => word.value);
    if (stripped.length > 0) parts.add(stripped.join(' '));
  }
  return [...parts];
}
