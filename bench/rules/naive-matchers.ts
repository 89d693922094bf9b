import { BASH_RULES } from './bash-rules.ts';

type Verdict = 'allow' | 'deny' | 'ask';

/** `Bash(git log *)` → /^git log/: the rule's literal prefix, anchored at the start. */
function prefixRegex(rule: string): RegExp {
  const content = rule.slice('Bash('.length, -1);
  const prefix = content.replace(/(:\*| \*)$/, '').split('*')[0]!;
  return new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

const COMPILED = {
  deny: BASH_RULES.deny.map(prefixRegex),
  ask: BASH_RULES.ask.map(prefixRegex),
  allow: BASH_RULES.allow.map(prefixRegex),
};

/**
 * What insecure tools do: prefix-match the whole command string. `git status && rm -rf /` is allowed by
 * `Bash(git status)`; `FOO=1 sudo x` escapes `Bash(sudo *)`.
 */
export function naiveWholeStringVerdict(command: string): Verdict {
  if (COMPILED.deny.some((regex) => regex.test(command))) return 'deny';
  if (COMPILED.ask.some((regex) => regex.test(command))) return 'ask';
  return COMPILED.allow.some((regex) => regex.test(command)) ? 'allow' : 'ask';
}

const OPERATORS = /\s*(?:&&|\|\||;|\||\n)\s*/;

/**
 * One step better: split on `&&`, `||`, `;`, `|` and newlines (ignoring quotes, substitutions and
 * wrappers), deny if any part is denied, allow only if every part is allowed.
 */
export function naiveSplitVerdict(command: string): Verdict {
  const parts = command.split(OPERATORS).filter((part) => part !== '');
  if (parts.some((part) => COMPILED.deny.some((regex) => regex.test(part)))) return 'deny';
  if (parts.some((part) => COMPILED.ask.some((regex) => regex.test(part)))) return 'ask';
  return parts.every((part) => COMPILED.allow.some((regex) => regex.test(part))) ? 'allow' : 'ask';
}
