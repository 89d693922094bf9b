import { matchWildcard, splitWildcard } from './match-wildcard.ts';

/**
 * Matches a name rule such as `Agent(Explore)` or `Skill(deploy *)` against the name a call targets.
 * Exact and case-sensitive; `*` matches any run of characters, spaces included; anchored at both ends.
 * A lone trailing ` *` also matches the bare name, so `deploy *` covers `deploy` and `deploy prod`.
 */
export function matchNamePattern(pattern: string, value: string): boolean {
  const trimmed = pattern.trim();
  if (trimmed === '') return false;
  if (matchWildcard(trimmed, value)) return true;
  const parts = splitWildcard(trimmed);
  const head = parts[0]!;
  return parts.length === 2 && parts[1] === '' && head.endsWith(' ') && value === head.slice(0, -1);
}
