/** A pattern read once (cached by its text): see {@link compileCommandPattern}. */
export interface CompiledPattern {
  units: PatternUnit[];
  /** The pattern ended in ` *`: `units` holds what precedes the space, which may also match alone. */
  optionalTail: boolean;
  /** `units` followed by ` *`, when `optionalTail`: built once, not on every try. */
  withTail: PatternUnit[] | undefined;
  /** The first word of every text the pattern can match, or undefined when it can be any (`* x`, `ls*`). */
  firstWord: string | undefined;
}

const MAX_CACHED = 1_000;
const compiled = new Map<string, CompiledPattern>();

/**
 * Whether a Bash rule pattern matches the whole text of one simple command (Claude Code's grammar):
 * - `npm run build` is exact;
 * - `*` matches any characters, spaces included, anywhere: `git * main`, `* install`, `ls*` (matches `lsof`);
 * - a trailing ` *` (space, star) also matches nothing at all, at a word boundary: `ls *` matches `ls` and
 *   `ls -la` but not `lsof`;
 * - a trailing `:*` is the legacy spelling of ` *`; elsewhere (`git:* push`) it is literal;
 * - `\*` is a literal star, `\\` a literal backslash.
 * Runs in O(pattern × text) whatever the stars, so a long command cannot make it hang.
 *
 * @example
 * matchCommandPattern('git commit *', 'git commit -m "x"'); // true
 * matchCommandPattern('ls *', 'lsof'); // false
 */
export function matchCommandPattern(pattern: string, commandText: string): boolean {
  return matchCompiledPattern(compile(pattern), commandText);
}

/** {@link matchCommandPattern} with the pattern already compiled: no lookup by pattern text. */
export function matchCompiledPattern(pattern: CompiledPattern, commandText: string): boolean {
  const { units, optionalTail, withTail } = pattern;
  if (!optionalTail) return matchUnits(units, commandText);
  return matchUnits(units, commandText) || matchUnits(withTail!, commandText);
}

/** A pattern read once, for {@link matchCompiledPattern}; remembered by its text. */
export function compileCommandPattern(pattern: string): CompiledPattern {
  return compile(pattern);
}

function compile(pattern: string): CompiledPattern {
  const cached = compiled.get(pattern);
  if (cached) return cached;
  const trimmed = pattern.trim();
  const legacy = trimmed.endsWith(':*') && !trimmed.endsWith('\\:*');
  const text = legacy ? `${trimmed.slice(0, -2).trimEnd()} *` : trimmed;
  const units: PatternUnit[] = [];
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (character === '\\' && (text[index + 1] === '*' || text[index + 1] === '\\')) units.push(text[++index]!);
    else units.push(character === '*' ? null : character);
  }
  const optionalTail = units.length >= 2 && units.at(-1) === null && units.at(-2) === ' ';
  const kept = optionalTail ? units.slice(0, -2) : units;
  const alternatives = optionalTail ? [kept, units] : [kept];
  const words = alternatives.map(firstWordOf);
  const result: CompiledPattern = {
    units: kept,
    optionalTail,
    withTail: optionalTail ? units : undefined,
    // Both readings of a ` *` tail (`ls` and `ls …`) start with the same word, or one of them with any.
    firstWord: words.every((word) => word !== undefined && word === words[0]) ? words[0] : undefined,
  };
  if (compiled.size >= MAX_CACHED) compiled.delete(compiled.keys().next().value as string);
  compiled.set(pattern, result);
  return result;
}

/**
 * The first word (the text before the first space, or the whole text) of every command text the pattern
 * can match: `git` for `git push *` and for `git status`, `ls` for `ls *` (which matches `ls` alone).
 * Undefined when a star comes before the first space (`* install`, `ls*`): such a pattern can match any
 * first word. Matching only a text whose first word this is cannot miss a match.
 */
export function commandPatternFirstWord(pattern: string): string | undefined {
  return compile(pattern).firstWord;
}

function literalText(units: readonly PatternUnit[]): string {
  const end = units.indexOf(null);
  return (end === -1 ? units : units.slice(0, end)).join('');
}

/**
 * A text matching `units` starts with their literal part. If that holds a space, the first word is fixed;
 * if the units are all literal (no star), the text is exactly them. Otherwise a star may stand in the first word.
 */
function firstWordOf(units: readonly PatternUnit[]): string | undefined {
  const prefix = literalText(units);
  const space = prefix.indexOf(' ');
  if (space !== -1) return prefix.slice(0, space);
  return units.includes(null) ? undefined : prefix;
}

/**
 * Whether some command could match both the rule pattern and `shape`, a command text with `*` where its
 * parts are only known at run time (`$CMD x` is `* x`). Used to keep deny and ask rules from being skipped
 * by a command whose name or arguments are computed: `* x` could be `touch x`, so `Bash(touch:*)` could match.
 * O(pattern × shape).
 */
export function couldMatchCommandPattern(pattern: string, shape: readonly PatternUnit[]): boolean {
  // Past this, the table would be large: such a command is taken to match (fail closed).
  if (shape.length > 4_000) return true;
  const { units, optionalTail, withTail } = compile(pattern);
  if (!endsAgree(units, shape, optionalTail)) return false;
  return intersects(units, shape) || (optionalTail && intersects(withTail!, shape));
}

/**
 * A quick no: the literal text before the first `*` of either side must agree (`rm *` and `echo *`
 * differ at once), and so must the literal text after the last one. Most shapes fail here.
 */
function endsAgree(units: readonly PatternUnit[], shape: readonly PatternUnit[], optionalTail: boolean): boolean {
  for (let index = 0; index < units.length && index < shape.length; index++) {
    const [left, right] = [units[index], shape[index]];
    if (left === null || right === null) break;
    if (left !== right) return false;
  }
  // A pattern whose ` *` tail may match nothing can end before the shape does: only the head decides.
  if (optionalTail) return true;
  for (let offset = 1; offset <= units.length && offset <= shape.length; offset++) {
    const [left, right] = [units[units.length - offset], shape[shape.length - offset]];
    if (left === null || right === null) break;
    if (left !== right) return false;
  }
  return true;
}

/** One pattern character of a command shape, or `null` for "anything here". */
export type PatternUnit = string | null;

/** Whether two star patterns share a string: a table over (position in a, position in b). */
function intersects(a: readonly PatternUnit[], b: readonly PatternUnit[]): boolean {
  const width = b.length + 1;
  const reachable = new Uint8Array((a.length + 1) * width);
  reachable[0] = 1;
  for (let i = 0; i <= a.length; i++) {
    for (let j = 0; j <= b.length; j++) {
      if (!reachable[i * width + j]) continue;
      if (i === a.length && j === b.length) return true;
      const left = a[i];
      const right = b[j];
      if (left === null) {
        reachable[(i + 1) * width + j] = 1;
        if (j < b.length) reachable[i * width + j + 1] = 1;
      }
      if (right === null) {
        reachable[i * width + j + 1] = 1;
        if (i < a.length) reachable[(i + 1) * width + j] = 1;
      }
      if (left !== undefined && left !== null && right !== undefined && right !== null && left === right) reachable[(i + 1) * width + j + 1] = 1;
    }
  }
  return false;
}

/** Wildcard matching with backtracking to the last star only: linear per star, never exponential. */
function matchUnits(units: readonly PatternUnit[], text: string): boolean {
  let unit = 0;
  let position = 0;
  let lastStar = -1;
  let resumeAt = 0;
  while (position < text.length) {
    if (unit < units.length && units[unit] !== null && units[unit] === text[position]) {
      unit++;
      position++;
    } else if (unit < units.length && units[unit] === null) {
      lastStar = unit++;
      resumeAt = position;
    } else if (lastStar !== -1) {
      unit = lastStar + 1;
      position = ++resumeAt;
    } else return false;
  }
  while (unit < units.length && units[unit] === null) unit++;
  return unit === units.length;
}
