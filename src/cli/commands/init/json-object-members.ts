/** One `"key": value` of a JSON object, as offsets into the text it was read from. */
export interface JsonMember {
  key: string;
  keyStart: number;
  valueStart: number;
  /** The offset just past the value. */
  valueEnd: number;
}

/**
 * The members of the JSON object whose `{` is at `start` in `text` (valid JSON: JSON.parse accepted it), in the
 * order written (a duplicate key twice), and the offset of its closing `}`. Lets a caller insert text into a
 * user's JSON without re-serializing, and so changing, anything the user wrote.
 */
export function jsonObjectMembers(text: string, start: number): { members: JsonMember[]; close: number } {
  const members: JsonMember[] = [];
  let index = skipSpace(text, start + 1);
  while (text[index] !== '}') {
    const keyStart = index;
    const keyEnd = valueEnd(text, keyStart);
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = valueEnd(text, valueStart);
    members.push({ key: JSON.parse(text.slice(keyStart, keyEnd)) as string, keyStart, valueStart, valueEnd: end });
    index = skipSpace(text, end);
    if (text[index] === ',') index = skipSpace(text, index + 1);
  }
  return { members, close: index };
}

function skipSpace(text: string, index: number): number {
  while (/[ \t\r\n]/.test(text[index] ?? '')) index++;
  return index;
}

/** The offset just past the JSON value at `index`: a string, an object or array (nested), or a literal. */
function valueEnd(text: string, index: number): number {
  const first = text[index];
  if (first === '"') {
    for (let at = index + 1; ; at++) {
      if (text[at] === '\\') at++;
      else if (text[at] === '"') return at + 1;
    }
  }
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let at = index; ; at++) {
      const char = text[at];
      if (char === '"') at = valueEnd(text, at) - 1;
      else if (char === '{' || char === '[') depth++;
      else if ((char === '}' || char === ']') && --depth === 0) return at + 1;
    }
  }
  while (index < text.length && !/[\s,}\]]/.test(text[index]!)) index++;
  return index;
}
