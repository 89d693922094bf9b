import { textWords, type SearchEntry } from './search-entry.ts';
import { createSubstringIndex, type SubstringIndex } from './substring-index.ts';

/**
 * What a search over a fixed list of entries reads, built once per pool (see `getSearchIndex`), each part on first use: posting lists
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

function postingLists(entries: readonly SearchEntry[], wordsOf: (entry: SearchEntry) => readonly string[]): Map<string, Int32Array> {
  const lists = new Map<string, number[]>();
  for (let index = 0; index < entries.length; index++) {
    for (const word of wordsOf(entries[index]!)) {
      const list = lists.get(word);
      if (!list) lists.set(word, [index]);
      else if (list[list.length - 1] !== index) list.push(index);
    }
  }
  const postings = new Map<string, Int32Array>();
  for (const [word, list] of lists) postings.set(word, Int32Array.from(list));
  return postings;
}

const hintWordsOf = (entry: SearchEntry) => textWords(entry.hint);
const descriptionWordsOf = (entry: SearchEntry) => textWords(entry.description);

/**
 * The index of `entries` (one per pool; see `getSearchIndex`), each part built when a search first reads it:
 * a `select:` or exact-name query builds only the name map, an `mcp__` prefix only the sorted names, a plain
 * term never the `bare` names. A keyword search over 10,000 tools then pays for what its terms touch, and the
 * next searches for nothing. An object literal with getters over local variables, not a class with private
 * fields: under jiti (the CLI, plugins, the bench) those fields are transpiled into helper calls on every read.
 */
export function createSearchIndex(entries: readonly SearchEntry[]): SearchIndex {
  let byName: Map<string, number> | undefined;
  let isMcp: Uint8Array | undefined;
  let partPostings: Map<string, Int32Array> | undefined;
  let parts: readonly string[] | undefined;
  let partText: SubstringIndex | undefined;
  let compactNames: SubstringIndex | undefined;
  let bareNames: SubstringIndex | undefined;
  let hintWords: Map<string, Int32Array> | undefined;
  let descriptionWords: Map<string, Int32Array> | undefined;
  let sortedByName: Int32Array | undefined;
  let scratch: SearchScratch | undefined;
  return {
    entries,
    textIndexes: {},
    get byName() {
      return (byName ??= firstIndexByName(entries));
    },
    get isMcp() {
      return (isMcp ??= Uint8Array.from(entries, (entry) => (entry.isMcp ? 1 : 0)));
    },
    get partPostings() {
      return (partPostings ??= postingLists(entries, (entry) => entry.parts));
    },
    get parts() {
      return (parts ??= [...this.partPostings.keys()]);
    },
    get partText() {
      return (partText ??= createSubstringIndex(this.parts));
    },
    get compactNames() {
      return (compactNames ??= createSubstringIndex(entries.map((entry) => entry.compact)));
    },
    get bareNames() {
      return (bareNames ??= createSubstringIndex(entries.map((entry) => entry.bare)));
    },
    get hintWords() {
      return (hintWords ??= postingLists(entries, hintWordsOf));
    },
    get descriptionWords() {
      return (descriptionWords ??= postingLists(entries, descriptionWordsOf));
    },
    get sortedByName() {
      return (sortedByName ??= sortByName(entries));
    },
    get scratch() {
      const size = entries.length;
      return (scratch ??= { slots: new Int32Array(size * SLOT_LAYOUT.size), touched: new Int32Array(size), partMarks: new Int32Array(this.parts.length), wholes: new Int32Array(size), clock: 0 });
    },
  };
}

/** Lower-case full name → the first entry with it. */
function firstIndexByName(entries: readonly SearchEntry[]): Map<string, number> {
  const byName = new Map<string, number>();
  for (let index = 0; index < entries.length; index++) if (!byName.has(entries[index]!.nameLower)) byName.set(entries[index]!.nameLower, index);
  return byName;
}

/** Entry indices sorted by lower-case name (code units), ties in pool order. */
function sortByName(entries: readonly SearchEntry[]): Int32Array {
  return Int32Array.from(entries.keys()).sort((a, b) => {
    const left = entries[a]!.nameLower;
    const right = entries[b]!.nameLower;
    return left < right ? -1 : left > right ? 1 : a - b;
  });
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
