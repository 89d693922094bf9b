/**
 * Where substrings occur in a list of lower-case texts, without scanning them: the texts joined (each followed
 * by a newline) and, for every trigram, the positions where it starts. A term's occurrences are the positions
 * of its rarest trigram where the joined text really has the term, checked with one `startsWith` each, so a
 * search reads one flat string and a few typed arrays instead of every entry's strings.
 */
export interface SubstringIndex {
  readonly text: string;
  /** Where entry i's text starts in `text`; the last slot is `text.length`. */
  readonly textStarts: Int32Array;
  /** Where each trigram key's positions start in `positions` (key k: `keyStarts[k]` to `keyStarts[k + 1]`). */
  readonly keyStarts: Int32Array;
  /** Positions in `text`, ascending within a key, and the entry of each (read side by side, no search). */
  readonly positions: Int32Array;
  readonly positionEntries: Int32Array;
}

// Symbols: a–z 0–25, 0–9 26–35, the name separators (`_ - . space`) 36, past the end 37, anything else 38.
// Characters that share a symbol only make more positions to check.
const SYMBOLS = 39;
const SEPARATOR = 36;
const END = 37;
const OTHER = 38;
const KEYS = SYMBOLS * SYMBOLS * SYMBOLS;

function symbolAt(text: string, position: number): number {
  if (position >= text.length) return END;
  const code = text.charCodeAt(position);
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 22;
  if (code === 95 || code === 45 || code === 46 || code === 32) return SEPARATOR;
  return OTHER;
}

/** Calls `visit(key, position)` for the trigram at every position of `text` (past the end counts as END). */
function forEachKey(text: string, visit: (key: number, position: number) => void): void {
  let previous = symbolAt(text, 0);
  let current = symbolAt(text, 1);
  for (let position = 0; position < text.length; position++) {
    const next = symbolAt(text, position + 2);
    visit((previous * SYMBOLS + current) * SYMBOLS + next, position);
    previous = current;
    current = next;
  }
}

/** Indexes `texts` (entry i is `texts[i]`, none containing a newline): count the positions per key, then fill them. */
export function createSubstringIndex(texts: readonly string[]): SubstringIndex {
  const text = texts.map((entryText) => `${entryText}\n`).join('');
  const textStarts = new Int32Array(texts.length + 1);
  texts.forEach((entryText, entry) => (textStarts[entry + 1] = textStarts[entry]! + entryText.length + 1));
  const keyStarts = new Int32Array(KEYS + 1);
  forEachKey(text, (key) => keyStarts[key + 1]!++);
  for (let key = 0; key < KEYS; key++) keyStarts[key + 1]! += keyStarts[key]!;
  const positions = new Int32Array(text.length);
  const positionEntries = new Int32Array(text.length);
  const fill = keyStarts.slice(0, KEYS);
  let entry = 0;
  forEachKey(text, (key, position) => {
    while (textStarts[entry + 1]! <= position) entry++;
    positionEntries[fill[key]!] = entry;
    positions[fill[key]!++] = position;
  });
  return { text, textStarts, keyStarts, positions, positionEntries };
}

/** The entry whose text holds `position`: the last start at or before it. */
function entryAt(index: SubstringIndex, position: number): number {
  const { textStarts } = index;
  let low = 0;
  let high = textStarts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (textStarts[middle]! <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Calls `visit(entry, position)` for the entries whose text contains `term` (non-empty, no whitespace, so a
 * match never spans two texts), with a position where it occurs. A term of three characters or more is
 * looked up by its rarest trigram, and each entry comes once, at its first occurrence, in entry order. A
 * shorter term is the start of the trigrams in one contiguous key range (the later symbols vary last): a
 * small range is walked, and an entry may come more than once; a large one is cheaper as an `indexOf` scan
 * that jumps to the next text after each hit (each entry once, first occurrence).
 */
export function forEachOccurrence(index: SubstringIndex, term: string, visit: (entry: number, position: number) => void): void {
  const { text, textStarts, keyStarts, positions, positionEntries } = index;
  if (term.length >= 3) {
    let best = -1;
    let offset = 0;
    for (let position = 0; position + 2 < term.length; position++) {
      const key = (symbolAt(term, position) * SYMBOLS + symbolAt(term, position + 1)) * SYMBOLS + symbolAt(term, position + 2);
      if (best === -1 || keyStarts[key + 1]! - keyStarts[key]! < keyStarts[best + 1]! - keyStarts[best]!) {
        best = key;
        offset = position;
      }
    }
    let end = 0;
    for (let slot = keyStarts[best]!; slot < keyStarts[best + 1]!; slot++) {
      const position = positions[slot]! - offset;
      if (position < end || !text.startsWith(term, position)) continue;
      const entry = positionEntries[slot]!;
      end = textStarts[entry + 1]!;
      visit(entry, position);
    }
    return;
  }
  const first = term.length === 1 ? symbolAt(term, 0) * SYMBOLS * SYMBOLS : (symbolAt(term, 0) * SYMBOLS + symbolAt(term, 1)) * SYMBOLS;
  const last = first + (term.length === 1 ? SYMBOLS * SYMBOLS : SYMBOLS);
  if ((keyStarts[last]! - keyStarts[first]!) * 16 < text.length) {
    for (let slot = keyStarts[first]!; slot < keyStarts[last]!; slot++) {
      const position = positions[slot]!;
      if (text.startsWith(term, position)) visit(positionEntries[slot]!, position);
    }
    return;
  }
  let position = text.indexOf(term);
  while (position !== -1) {
    const entry = entryAt(index, position);
    visit(entry, position);
    position = text.indexOf(term, textStarts[entry + 1]!);
  }
}
