import type { SearchEntry } from './search-entry.ts';
import { createSubstringIndex, type SubstringIndex } from './substring-index.ts';

/**
 * What a search over a fixed list of entries reads, built once per pool (see `getSearchIndex`): posting lists
 * for words, substring indexes for the rest, the names in sorted order for `mcp__` prefixes, and working
 * memory, so a term touches only the entries it matches and reads no entry object.
 */
export interface SearchIndex {
  readonly entries: readonly SearchEntry[];
  /** Lower-case full name → the first entry with it. */
  readonly byName: ReadonlyMap<string, number>;
  /** 1 for an MCP tool (whose name matches score higher). */
  readonly isMcp: Uint8Array;
  /** Name part → the entries (ascending) with it; `parts` are its keys, and `partText` indexes them. */
  readonly partPostings: ReadonlyMap<string, Int32Array>;
  readonly parts: readonly string[];
  readonly partText: SubstringIndex;
  /**
   * Each entry's `compact` name, and its `bare` one. A term without separators (`_ - . space`) is in `bare`
   * only where it is in `compact` too, and equals `bare` only when it equals `compact`; `compact` has no
   * separators at all. So a term needs only one of them.
   */
  readonly compactNames: SubstringIndex;
  readonly bareNames: SubstringIndex;
  /** Word → the entries (ascending) with it in their search hint, or in their description. */
  readonly hintWords: ReadonlyMap<string, Int32Array>;
  readonly descriptionWords: ReadonlyMap<string, Int32Array>;
  /** Entry indices sorted by lower-case name (code units), for prefix ranges. */
  readonly sortedByName: Int32Array;
  readonly scratch: SearchScratch;
  /** Substrings of the hints and descriptions, built on the first term with punctuation. */
  readonly textIndexes: { hint?: SubstringIndex; description?: SubstringIndex };
}

/** Slot fields: entry i's are at `i * size + field`, so one entry's state is one cache line. */
export const SLOT_LAYOUT = { size: 8, queryMark: 0, score: 1, requiredMark: 2, requiredHits: 3, nameMark: 4, wholeLevel: 5, seenMark: 6 } as const;

/**
 * Working memory reused by every search (a search is synchronous, so two never overlap). A field is valid for
 * the current query or term when its mark equals that query's or term's number from `clock`.
 */
export interface SearchScratch {
  readonly slots: Int32Array;
  /** The entries with points this query, in the order they got them. */
  readonly touched: Int32Array;
  /** Per part of the vocabulary: the term number that last visited it. */
  readonly partMarks: Int32Array;
  /** Entries of the current term's whole-name matches. */
  readonly wholes: Int32Array;
  clock: number;
}

function postingLists(entries: readonly SearchEntry[], wordsOf: (entry: SearchEntry) => Iterable<string>): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    for (const word of wordsOf(entry)) {
      const list = lists.get(word);
      if (!list) lists.set(word, [index]);
      else if (list[list.length - 1] !== index) list.push(index);
    }
  });
  return new Map([...lists].map(([word, list]) => [word, Int32Array.from(list)]));
}

/** Builds the index of `entries` (done once per pool; see `getSearchIndex`). */
export function createSearchIndex(entries: readonly SearchEntry[]): SearchIndex {
  const byName = new Map<string, number>();
  entries.forEach((entry, index) => {
    if (!byName.has(entry.nameLower)) byName.set(entry.nameLower, index);
  });
  const sortedByName = Int32Array.from(entries.keys()).sort((a, b) => {
    const left = entries[a]!.nameLower;
    const right = entries[b]!.nameLower;
    return left < right ? -1 : left > right ? 1 : a - b;
  });
  const partPostings = postingLists(entries, (entry) => entry.parts);
  const parts = [...partPostings.keys()];
  return {
    entries,
    byName,
    isMcp: Uint8Array.from(entries, (entry) => (entry.isMcp ? 1 : 0)),
    partPostings,
    parts,
    partText: createSubstringIndex(parts),
    compactNames: createSubstringIndex(entries.map((entry) => entry.compact)),
    bareNames: createSubstringIndex(entries.map((entry) => entry.bare)),
    hintWords: postingLists(entries, (entry) => entry.hintWords),
    descriptionWords: postingLists(entries, (entry) => entry.descriptionWords),
    sortedByName,
    scratch: { slots: new Int32Array(entries.length * SLOT_LAYOUT.size), touched: new Int32Array(entries.length), partMarks: new Int32Array(parts.length), wholes: new Int32Array(entries.length), clock: 0 },
    textIndexes: {},
  };
}

/** The substring index of every entry's hint or description, built on first use. */
export function textIndex(index: SearchIndex, field: 'hint' | 'description'): SubstringIndex {
  return (index.textIndexes[field] ??= createSubstringIndex(index.entries.map((entry) => entry[field])));
}

/** A fresh mark from the scratch clock (a query uses one per term and one more; `startQuery` keeps it in range). */
export function nextMark(scratch: SearchScratch): number {
  return ++scratch.clock;
}

/** The mark of a new query; past 2^30 marks, clears every mark first and starts the clock over. */
export function startQuery(scratch: SearchScratch): number {
  if (scratch.clock >= 0x40000000) {
    scratch.slots.fill(0);
    scratch.partMarks.fill(0);
    scratch.clock = 0;
  }
  return nextMark(scratch);
}
