import { nextMark, SLOT_LAYOUT, startQuery, textIndex, type SearchIndex, type SearchScratch } from './search-index.ts';
import { forEachOccurrence } from './substring-index.ts';

/** Points per match, from the reference (MCP tools score a little higher on name matches). */
export const SCORES = {
  namePart: { builtin: 10, mcp: 12 },
  namePartial: { builtin: 5, mcp: 6 },
  wholeName: { builtin: 10, mcp: 12 },
  wholeNamePartial: { builtin: 3, mcp: 4 },
  searchHint: 4,
  description: 2,
} as const;

// Module-local copies: read per entry, and an imported binding under jiti (which loads codev for the CLI and
// plugins) is a Proxy `get` on every read.
const { size: SLOT, queryMark: QUERY_MARK, score: SCORE, requiredMark: REQUIRED_MARK, requiredHits: REQUIRED_HITS, nameMark: NAME_MARK, wholeLevel: WHOLE_LEVEL, seenMark: SEEN_MARK } = SLOT_LAYOUT;

const PLAIN_WORD = /^[a-z0-9]+$/;
const WHITESPACE = /\s+/;
const SEPARATOR = /[_\-. ]/;

/** One query's scoring state: the scratch, the query's mark, the current term's mark and whether it is required. */
interface Tally {
  readonly scratch: SearchScratch;
  readonly query: number;
  term: number;
  required: boolean;
  touched: number;
}

function give(tally: Tally, entryIndex: number, points: number): void {
  const { slots, touched } = tally.scratch;
  const base = entryIndex * SLOT;
  if (slots[base + QUERY_MARK] !== tally.query) {
    slots[base + QUERY_MARK] = tally.query;
    slots[base + SCORE] = 0;
    slots[base + REQUIRED_HITS] = 0;
    touched[tally.touched++] = entryIndex;
  }
  slots[base + SCORE]! += points;
  if (tally.required && slots[base + REQUIRED_MARK] !== tally.term) {
    slots[base + REQUIRED_MARK] = tally.term;
    slots[base + REQUIRED_HITS]!++;
  }
}

/**
 * Name points: entries with the term as a part (10/12), else with a part containing it (5/6; the parts come
 * from the vocabulary, not from the entries), else whose `compact` or `bare` name equals it (10/12) or
 * contains it across parts (3/4), counted once.
 */
function scoreName(index: SearchIndex, tally: Tally, term: string): void {
  const { slots, partMarks, wholes } = index.scratch;
  const { isMcp, partPostings } = index;
  const mark = tally.term;
  const name = (entryIndex: number, points: { builtin: number; mcp: number }) => {
    slots[entryIndex * SLOT + NAME_MARK] = mark;
    give(tally, entryIndex, isMcp[entryIndex] ? points.mcp : points.builtin);
  };
  for (const entryIndex of partPostings.get(term) ?? []) name(entryIndex, SCORES.namePart);
  forEachOccurrence(index.partText, term, (partIndex) => {
    if (partMarks[partIndex] === mark) return;
    partMarks[partIndex] = mark;
    const part = index.parts[partIndex]!;
    if (part === term) return;
    for (const entryIndex of partPostings.get(part)!) if (slots[entryIndex * SLOT + NAME_MARK] !== mark) name(entryIndex, SCORES.namePartial);
  });
  let count = 0;
  const names = SEPARATOR.test(term) ? index.bareNames : index.compactNames;
  forEachOccurrence(names, term, (entryIndex, position) => {
    const base = entryIndex * SLOT;
    if (slots[base + NAME_MARK] === mark || slots[base + SEEN_MARK] === mark) return;
    slots[base + SEEN_MARK] = mark;
    slots[base + WHOLE_LEVEL] = position === names.textStarts[entryIndex] && term.length === names.textStarts[entryIndex + 1]! - position - 1 ? 2 : 1;
    wholes[count++] = entryIndex;
  });
  for (let slot = 0; slot < count; slot++) {
    const entryIndex = wholes[slot]!;
    give(tally, entryIndex, (slots[entryIndex * SLOT + WHOLE_LEVEL] === 2 ? SCORES.wholeName : SCORES.wholeNamePartial)[isMcp[entryIndex] ? 'mcp' : 'builtin']);
  }
}

/**
 * Hint or description points: a plain word takes its posting list; a term with punctuation (`on-call`,
 * `pull_request`) matches as a substring, found through the field's substring index.
 */
function scoreText(options: { index: SearchIndex; tally: Tally; term: string; plain: boolean; field: 'hint' | 'description'; points: number }): void {
  const { index, tally, term, field, points } = options;
  if (options.plain) {
    for (const entryIndex of (field === 'hint' ? index.hintWords : index.descriptionWords).get(term) ?? []) give(tally, entryIndex, points);
    return;
  }
  const { slots } = index.scratch;
  const mark = nextMark(index.scratch);
  forEachOccurrence(textIndex(index, field), term, (entryIndex) => {
    if (slots[entryIndex * SLOT + SEEN_MARK] === mark) return;
    slots[entryIndex * SLOT + SEEN_MARK] = mark;
    give(tally, entryIndex, points);
  });
}

/** Adds one term's points: name, hint, description. */
function scoreTerm(index: SearchIndex, tally: Tally, term: string): void {
  scoreName(index, tally, term);
  const plain = PLAIN_WORD.test(term);
  scoreText({ index, tally, term, plain, field: 'hint', points: SCORES.searchHint });
  scoreText({ index, tally, term, plain, field: 'description', points: SCORES.description });
}

/** The first `maxResults` entries in pool order whose lower-case name starts with `prefix` (a sorted-range walk). */
function prefixMatches(index: SearchIndex, prefix: string, maxResults: number): number[] {
  const { entries, sortedByName } = index;
  let low = 0;
  let high = sortedByName.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (entries[sortedByName[middle]!]!.nameLower < prefix) low = middle + 1;
    else high = middle;
  }
  const found: number[] = [];
  for (let slot = low; slot < sortedByName.length && entries[sortedByName[slot]!]!.nameLower.startsWith(prefix); slot++) found.push(sortedByName[slot]!);
  return found.sort((a, b) => a - b).slice(0, maxResults);
}

/** The `maxResults` best of the touched entries: higher score first, then pool order. */
function topEntries(scratch: SearchScratch, touched: number, requiredCount: number, maxResults: number): number[] {
  const { slots } = scratch;
  const top: number[] = [];
  const topScores: number[] = [];
  for (let slot = 0; slot < touched; slot++) {
    const entryIndex = scratch.touched[slot]!;
    const base = entryIndex * SLOT;
    if (slots[base + REQUIRED_HITS]! < requiredCount) continue;
    const score = slots[base + SCORE]!;
    let position = top.length;
    while (position > 0 && (topScores[position - 1]! < score || (topScores[position - 1] === score && top[position - 1]! > entryIndex))) position--;
    if (position >= maxResults) continue;
    top.splice(position, 0, entryIndex);
    topScores.splice(position, 0, score);
    if (top.length > maxResults) {
      top.pop();
      topScores.pop();
    }
  }
  return top;
}

/**
 * Keyword search over deferred tools, best first, at most `maxResults` entry indices:
 * - a query equal to a tool's full name (any case) returns just that tool;
 * - a query starting with `mcp__` returns the tools whose names start with it (when there are any);
 * - otherwise each whitespace-separated term scores (name word, partial name, whole name, hint, description);
 *   `+term` terms are required: a tool that lacks one is out. Ties keep pool order.
 * A term touches only the entries it matches (posting lists, substring indexes), never an entry object.
 */
export function rankTools(options: { query: string; index: SearchIndex; maxResults: number }): number[] {
  const { index, maxResults } = options;
  const query = options.query.trim().toLowerCase();
  if (query.length === 0 || maxResults <= 0) return [];
  const exact = index.byName.get(query);
  if (exact !== undefined) return [exact];
  if (query.startsWith('mcp__') && query.length > 5) {
    const prefixed = prefixMatches(index, query, maxResults);
    if (prefixed.length > 0) return prefixed;
  }
  const terms = query.split(WHITESPACE).filter(Boolean);
  const isRequired = (term: string) => term.startsWith('+') && term.length > 1;
  const required = new Set(terms.filter(isRequired).map((term) => term.slice(1)));
  const scoring = [...new Set([...required, ...terms.filter((term) => !isRequired(term))])];
  const { scratch } = index;
  const tally: Tally = { scratch, query: startQuery(scratch), term: 0, required: false, touched: 0 };
  for (const term of scoring) {
    tally.term = nextMark(scratch);
    tally.required = required.has(term);
    scoreTerm(index, tally, term);
  }
  return topEntries(scratch, tally.touched, required.size, maxResults);
}

/** `rankTools` as tool names. */
export function searchTools(options: { query: string; index: SearchIndex; maxResults: number }): string[] {
  return rankTools(options).map((entryIndex) => options.index.entries[entryIndex]!.name);
}
