import type { PermissionRule } from '../types.ts';
import { compileCommandPattern, type CompiledPattern } from './match-command-pattern.ts';

/**
 * Bash content rules grouped by the first word of the command texts they can match (`git` for
 * `Bash(git push *)`, see {@link commandPatternFirstWord}), so a text is only tried against the rules that
 * could match it, plus those that could match any first word (`Bash(* --force)`, `Bash(ls*)`).
 */
export interface CommandRuleIndex {
  /** The rules with content, in the order given. */
  rules: readonly PermissionRule[];
  /** Each rule's pattern, compiled: `patterns[i]` is `rules[i]`'s. */
  patterns: readonly CompiledPattern[];
  /** First word → positions in `rules`, ascending. Each rule is in one list only, here or in `anyFirstWord`. */
  byFirstWord: ReadonlyMap<string, readonly number[]>;
  /** Positions of the rules whose first word can be anything, ascending. */
  anyFirstWord: readonly number[];
}

const NONE: readonly number[] = [];
const EMPTY: CommandRuleIndex = { rules: [], patterns: [], byFirstWord: new Map(), anyFirstWord: NONE };
const MAX_LISTS_PER_RULE = 8;
/** First rule of a list → the lists starting with it that were indexed, each with its index. */
const indexes = new WeakMap<PermissionRule, { list: readonly PermissionRule[]; index: CommandRuleIndex }[]>();

/**
 * The index of a rule list, built once per list: the permission engine passes a new array on every call,
 * but of the same rule objects (parsed once per context), so a list is recognised by its elements.
 * Comparing them costs one pointer comparison per rule; a list whose rules changed is indexed afresh.
 */
export function commandRuleIndex(list: readonly PermissionRule[]): CommandRuleIndex {
  const first = list[0];
  if (first === undefined) return EMPTY;
  const known = indexes.get(first);
  const found = known?.find((entry) => sameRules(entry.list, list));
  if (found) return found.index;
  const index = buildIndex(list);
  const entries = known ?? [];
  if (entries.length >= MAX_LISTS_PER_RULE) entries.shift();
  entries.push({ list: [...list], index });
  if (!known) indexes.set(first, entries);
  return index;
}

function sameRules(a: readonly PermissionRule[], b: readonly PermissionRule[]): boolean {
  if (a.length !== b.length) return false;
  for (let position = 0; position < a.length; position++) if (a[position] !== b[position]) return false;
  return true;
}

function buildIndex(list: readonly PermissionRule[]): CommandRuleIndex {
  const rules = list.filter((rule) => rule.value.ruleContent !== undefined);
  const patterns = rules.map((rule) => compileCommandPattern(rule.value.ruleContent!));
  const byFirstWord = new Map<string, number[]>();
  const anyFirstWord: number[] = [];
  patterns.forEach((pattern, position) => {
    const word = pattern.firstWord;
    const bucket = word === undefined ? anyFirstWord : byFirstWord.get(word);
    if (bucket) bucket.push(position);
    else byFirstWord.set(word!, [position]);
  });
  return { rules, patterns, byFirstWord, anyFirstWord };
}

/**
 * The first position, in rule order, of a rule that could match at least one of `texts` (one filed under a
 * text's first word, or one that may match any) and that `test` accepts. A rule left out cannot match any of
 * the texts. The candidate lists are walked in step (each is ascending, and each rule is in one list only),
 * so nothing is sorted or copied.
 */
export function findCandidate(index: CommandRuleIndex, texts: readonly string[], test: (position: number) => boolean): number | undefined {
  const lists: (readonly number[])[] = index.anyFirstWord.length > 0 ? [index.anyFirstWord] : [];
  for (const text of texts) {
    const list = index.byFirstWord.get(firstWordOf(text));
    if (list && !lists.includes(list)) lists.push(list);
  }
  if (lists.length === 1) return lists[0]!.find(test);
  const cursors = lists.map(() => 0);
  for (;;) {
    let next = -1;
    let from = -1;
    for (let list = 0; list < lists.length; list++) {
      const position = lists[list]![cursors[list]!];
      if (position !== undefined && (next === -1 || position < next)) [next, from] = [position, list];
    }
    if (from === -1) return undefined;
    cursors[from]!++;
    if (test(next)) return next;
  }
}

/** Every candidate {@link findCandidate} would try, in order. */
export function candidateRules(index: CommandRuleIndex, texts: readonly string[]): number[] {
  const tried: number[] = [];
  findCandidate(index, texts, (position) => (tried.push(position), false));
  return tried;
}

/** The text before the first space, or the whole text: what a pattern's first word is compared with. */
export function firstWordOf(text: string): string {
  const space = text.indexOf(' ');
  return space === -1 ? text : text.slice(0, space);
}
