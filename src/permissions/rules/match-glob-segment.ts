type Token = { kind: 'star' } | { kind: 'one'; test: (character: string) => boolean };

/**
 * Matches one path segment (a file or directory name, no `/`) against one gitignore-style glob segment:
 * `*` any run of characters (dotfiles included), `?` one character, `[abc]`, `[a-z]`, `[!a]` / `[^a]`
 * classes, `\x` a literal `x`. Runs in O(name × pattern) with no regular expression.
 */
export function matchGlobSegment(pattern: string, name: string): boolean {
  const tokens = tokenize(Array.from(pattern));
  const characters = Array.from(name);
  let tokenIndex = 0;
  let characterIndex = 0;
  let starToken = -1;
  let starCharacter = 0;
  while (characterIndex < characters.length) {
    const token = tokens[tokenIndex];
    if (token?.kind === 'one' && token.test(characters[characterIndex]!)) {
      tokenIndex++;
      characterIndex++;
    } else if (token?.kind === 'star') {
      starToken = tokenIndex++;
      starCharacter = characterIndex;
    } else if (starToken !== -1) {
      tokenIndex = starToken + 1;
      characterIndex = ++starCharacter;
    } else {
      return false;
    }
  }
  while (tokens[tokenIndex]?.kind === 'star') tokenIndex++;
  return tokenIndex === tokens.length;
}

/** True when a segment has glob syntax and so cannot be resolved as a literal directory name. */
export function hasGlobSyntax(segment: string): boolean {
  return /[*?[\\]/.test(segment);
}

function tokenize(pattern: string[]): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index]!;
    if (character === '*') {
      if (tokens.at(-1)?.kind !== 'star') tokens.push({ kind: 'star' });
    } else if (character === '?') {
      tokens.push({ kind: 'one', test: () => true });
    } else if (character === '\\' && index + 1 < pattern.length) {
      tokens.push(literal(pattern[++index]!));
    } else if (character === '[') {
      const parsed = parseClass(pattern, index);
      if (parsed === undefined) tokens.push(literal('['));
      else {
        tokens.push(parsed.token);
        index = parsed.end;
      }
    } else {
      tokens.push(literal(character));
    }
  }
  return tokens;
}

function literal(expected: string): Token {
  return { kind: 'one', test: (character) => character === expected };
}

/** Parses `[...]` starting at `open`; undefined when it never closes (then `[` is literal, as in git). */
function parseClass(pattern: string[], open: number): { token: Token; end: number } | undefined {
  let index = open + 1;
  const negate = pattern[index] === '!' || pattern[index] === '^';
  if (negate) index++;
  const ranges: Array<[number, number]> = [];
  let first = true;
  for (; index < pattern.length; index++) {
    let character = pattern[index]!;
    if (character === ']' && !first) {
      const test = (candidate: string) => {
        const code = candidate.codePointAt(0)!;
        return ranges.some(([low, high]) => code >= low && code <= high) !== negate;
      };
      return { token: { kind: 'one', test }, end: index };
    }
    first = false;
    if (character === '\\' && index + 1 < pattern.length) character = pattern[++index]!;
    const low = character.codePointAt(0)!;
    if (pattern[index + 1] === '-' && pattern[index + 2] !== undefined && pattern[index + 2] !== ']') {
      let high = pattern[index + 2]!;
      index += 2;
      if (high === '\\' && index + 1 < pattern.length) high = pattern[++index]!;
      ranges.push([low, high.codePointAt(0)!]);
    } else {
      ranges.push([low, low]);
    }
  }
  return undefined;
}
