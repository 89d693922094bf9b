/**
 * Splits a wildcard pattern on its unescaped `*`s into literal parts: `a*b\*c` → `['a', 'b*c']`.
 * `\*` is a literal star and `\\` a literal backslash; any other backslash stays as written.
 */
export function splitWildcard(pattern: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index]!;
    const next = pattern[index + 1];
    if (character === '\\' && (next === '*' || next === '\\')) {
      current += next;
      index++;
    } else if (character === '*') {
      parts.push(current);
      current = '';
    } else {
      current += character;
    }
  }
  parts.push(current);
  return parts;
}

/**
 * Matches a whole value against a pattern whose only special character is `*` (any run of characters,
 * spaces and slashes included). Anchored at both ends.
 */
export function matchWildcard(pattern: string, value: string): boolean {
  const parts = splitWildcard(pattern);
  return parts.length === 1 ? value === parts[0] : matchWildcardParts(parts, value);
}

/** `matchWildcard` on a pattern already split (`splitWildcard`) into two or more literal parts. */
export function matchWildcardParts(parts: readonly string[], value: string): boolean {
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  const end = value.length - last.length;
  if (end < first.length || !value.startsWith(first) || !value.endsWith(last)) return false;
  // Leftmost placement of each middle part is always safe, and keeps this linear: no regex backtracking
  // on long, model-supplied values.
  let position = first.length;
  for (let index = 1; index < parts.length - 1; index++) {
    const middle = parts[index]!;
    const found = value.indexOf(middle, position);
    if (found === -1 || found + middle.length > end) return false;
    position = found + middle.length;
  }
  return true;
}
