import { splitToolName, type ToolNameParts } from './split-tool-name.ts';

/** A tool as the scorer sees it, built once per tool (see `toSearchEntry`). */
export interface SearchEntry extends ToolNameParts {
  name: string;
  nameLower: string;
  /** The search hint's words, lower case. */
  hintWords: ReadonlySet<string>;
  hint: string;
  /** The description's words, lower case. */
  descriptionWords: ReadonlySet<string>;
  description: string;
}

/** Points per match, from the reference (MCP tools score a little higher on name matches). */
export const SCORES = {
  namePart: { builtin: 10, mcp: 12 },
  namePartial: { builtin: 5, mcp: 6 },
  wholeName: { builtin: 10, mcp: 12 },
  wholeNamePartial: { builtin: 3, mcp: 4 },
  searchHint: 4,
  description: 2,
} as const;

const WORD_SPLIT = /[^a-z0-9]+/;

/** The search entry of a tool: its name split into words, its hint and description as word sets. */
export function toSearchEntry(tool: { name: string; searchHint?: string; description: string }): SearchEntry {
  const hint = (tool.searchHint ?? '').toLowerCase();
  const description = tool.description.toLowerCase();
  return {
    ...splitToolName(tool.name),
    name: tool.name,
    nameLower: tool.name.toLowerCase(),
    hint,
    hintWords: new Set(hint.split(WORD_SPLIT).filter(Boolean)),
    description,
    descriptionWords: new Set(description.split(WORD_SPLIT).filter(Boolean)),
  };
}

/** Posting lists over a fixed list of entries: which entries have a word in their name, hint or description. */
export interface SearchIndex {
  readonly entries: readonly SearchEntry[];
  readonly byName: ReadonlyMap<string, number>;
  readonly nameParts: ReadonlyMap<string, readonly number[]>;
  readonly hintWords: ReadonlyMap<string, readonly number[]>;
  readonly descriptionWords: ReadonlyMap<string, readonly number[]>;
  /** Every entry's field in one string, for substring scans (one `indexOf` pass instead of one call per tool). */
  readonly compact: JoinedText;
  readonly bare: JoinedText;
  readonly hint: JoinedText;
  readonly description: JoinedText;
}

/** Strings joined by newlines (no term contains one), with where each entry starts. */
export interface JoinedText {
  readonly text: string;
  readonly starts: Int32Array;
}

function joinText(values: readonly string[]): JoinedText {
  const starts = new Int32Array(values.length + 1);
  let offset = 0;
  values.forEach((value, index) => {
    starts[index] = offset;
    offset += value.length + 1;
  });
  starts[values.length] = offset;
  return { text: values.join('\n'), starts };
}

/** Calls `hit(entry, exact)` once per entry whose string contains `term` (`exact`: the string is the term). */
function forEachContaining(joined: JoinedText, term: string, hit: (entryIndex: number, exact: boolean) => void): void {
  const { text, starts } = joined;
  let position = text.indexOf(term);
  while (position !== -1) {
    // The entry holding `position`: the last start at or before it.
    let low = 0;
    let high = starts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= position) low = middle;
      else high = middle - 1;
    }
    hit(low, position === starts[low] && term.length === starts[low + 1]! - starts[low]! - 1);
    position = text.indexOf(term, starts[low + 1]!);
  }
}

function post(map: Map<string, number[]>, word: string, index: number): void {
  const list = map.get(word);
  if (!list) map.set(word, [index]);
  else if (list[list.length - 1] !== index) list.push(index);
}

/** Builds the posting lists of `entries` (done once per pool; see `getSearchIndex`). */
export function createSearchIndex(entries: readonly SearchEntry[]): SearchIndex {
  const byName = new Map<string, number>();
  const nameParts = new Map<string, number[]>();
  const hintWords = new Map<string, number[]>();
  const descriptionWords = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    if (!byName.has(entry.nameLower)) byName.set(entry.nameLower, index);
    for (const part of entry.parts) post(nameParts, part, index);
    for (const word of entry.hintWords) post(hintWords, word, index);
    for (const word of entry.descriptionWords) post(descriptionWords, word, index);
  });
  return {
    entries,
    byName,
    nameParts,
    hintWords,
    descriptionWords,
    compact: joinText(entries.map((entry) => entry.compact)),
    bare: joinText(entries.map((entry) => entry.bare)),
    hint: joinText(entries.map((entry) => entry.hint)),
    description: joinText(entries.map((entry) => entry.description)),
  };
}

const PLAIN_WORD = /^[a-z0-9]+$/;

/**
 * Calls `hit(index)` once per entry whose text has `term` as a word: the posting list for plain words,
 * a substring scan for terms with punctuation (`on-call`, `pull_request`).
 */
function forWordMatches(options: { postings: ReadonlyMap<string, readonly number[]>; joined: JoinedText; term: string; hit: (index: number) => void }): void {
  const { postings, joined, term, hit } = options;
  if (PLAIN_WORD.test(term)) {
    for (const entryIndex of postings.get(term) ?? []) hit(entryIndex);
    return;
  }
  forEachContaining(joined, term, hit);
}

/** Adds one term's points to `scores`; returns which entries the term matched at all. */
function scoreTerm(index: SearchIndex, term: string, scores: Int32Array): Uint8Array {
  const { entries } = index;
  const matched = new Uint8Array(entries.length);
  const named = new Uint8Array(entries.length);
  const kind = (entryIndex: number) => (entries[entryIndex]!.isMcp ? 'mcp' : 'builtin');
  const give = (entryIndex: number, points: number) => {
    scores[entryIndex]! += points;
    matched[entryIndex] = 1;
  };
  // Name: an exact part, else a part containing the term, else the whole name (equal, or containing it across parts).
  for (const entryIndex of index.nameParts.get(term) ?? []) {
    named[entryIndex] = 1;
    give(entryIndex, SCORES.namePart[kind(entryIndex)]);
  }
  for (const [part, postings] of index.nameParts) {
    if (part === term || !part.includes(term)) continue;
    for (const entryIndex of postings) {
      if (named[entryIndex]) continue;
      named[entryIndex] = 1;
      give(entryIndex, SCORES.namePartial[kind(entryIndex)]);
    }
  }
  // Whole name: equal (10/12) beats containing across parts (3/4); `compact` and `bare` count once.
  const whole = new Uint8Array(entries.length);
  const wholeHit = (entryIndex: number, exact: boolean) => {
    if (!named[entryIndex]) whole[entryIndex] = Math.max(whole[entryIndex]!, exact ? 2 : 1);
  };
  forEachContaining(index.compact, term, wholeHit);
  forEachContaining(index.bare, term, wholeHit);
  whole.forEach((level, entryIndex) => {
    if (level > 0) give(entryIndex, (level === 2 ? SCORES.wholeName : SCORES.wholeNamePartial)[kind(entryIndex)]);
  });
  forWordMatches({ postings: index.hintWords, joined: index.hint, term, hit: (entryIndex) => give(entryIndex, SCORES.searchHint) });
  forWordMatches({ postings: index.descriptionWords, joined: index.description, term, hit: (entryIndex) => give(entryIndex, SCORES.description) });
  return matched;
}

/**
 * Keyword search over deferred tools, best first, at most `maxResults` names:
 * - a query equal to a tool's full name (any case) returns just that tool;
 * - a query starting with `mcp__` returns the tools whose names start with it (when there are any);
 * - otherwise each whitespace-separated term scores (name word, partial name, whole name, hint, description);
 *   `+term` terms are required: a tool that lacks one is out. Ties keep pool order.
 */
export function searchTools(options: { query: string; index: SearchIndex; maxResults: number }): string[] {
  const { index, maxResults } = options;
  const { entries } = index;
  const query = options.query.trim().toLowerCase();
  if (query.length === 0 || maxResults <= 0) return [];
  const exact = index.byName.get(query);
  if (exact !== undefined) return [entries[exact]!.name];
  if (query.startsWith('mcp__') && query.length > 5) {
    const prefixed: string[] = [];
    for (const entry of entries) {
      if (!entry.nameLower.startsWith(query)) continue;
      prefixed.push(entry.name);
      if (prefixed.length >= maxResults) break;
    }
    if (prefixed.length > 0) return prefixed;
  }
  const terms = query.split(/\s+/).filter(Boolean);
  const isRequired = (term: string) => term.startsWith('+') && term.length > 1;
  const required = new Set(terms.filter(isRequired).map((term) => term.slice(1)));
  const scoring = [...new Set([...required, ...terms.filter((term) => !isRequired(term))])];
  const scores = new Int32Array(entries.length);
  const requiredHits = new Int32Array(entries.length);
  for (const term of scoring) {
    const matched = scoreTerm(index, term, scores);
    if (required.has(term)) for (let entryIndex = 0; entryIndex < matched.length; entryIndex++) requiredHits[entryIndex]! += matched[entryIndex]!;
  }
  // The top `maxResults` by score, ties in pool order (entries are visited in order, so a later tie never displaces).
  const top: number[] = [];
  for (let entryIndex = 0; entryIndex < entries.length; entryIndex++) {
    const score = scores[entryIndex]!;
    if (score <= 0 || requiredHits[entryIndex]! < required.size) continue;
    if (top.length === maxResults && score <= scores[top[top.length - 1]!]!) continue;
    let position = top.length;
    while (position > 0 && scores[top[position - 1]!]! < score) position--;
    top.splice(position, 0, entryIndex);
    if (top.length > maxResults) top.pop();
  }
  return top.map((entryIndex) => entries[entryIndex]!.name);
}
