const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

const NUMERIC_ESCAPES: readonly { pattern: RegExp; radix: number }[] = [
  { pattern: /^[0-7]{1,3}/, radix: 8 },
  { pattern: /^x[0-9a-fA-F]{1,2}/, radix: 16 },
  { pattern: /^u[0-9a-fA-F]{1,4}/, radix: 16 },
  { pattern: /^U[0-9a-fA-F]{1,8}/, radix: 16 },
];

/**
 * The value of a bash ANSI-C string, `$'…'` as written (with the `$'` and `'`): `$'\x72m'` → `rm`.
 * Handles the escapes bash documents: `\n \t \\ \' \nnn \xHH \uHHHH \UHHHHHHHH \cX` and friends.
 */
export function decodeAnsiCString(raw: string): string {
  const body = raw.startsWith("$'") && raw.endsWith("'") && raw.length >= 3 ? raw.slice(2, -1) : raw;
  let result = '';
  for (let index = 0; index < body.length; index++) {
    const character = body[index]!;
    if (character !== '\\' || index === body.length - 1) {
      result += character;
      continue;
    }
    const rest = body.slice(index + 1);
    const escape = decodeEscape(rest);
    result += escape.text;
    index += escape.length;
  }
  return result;
}

function decodeEscape(rest: string): { text: string; length: number } {
  const first = rest[0]!;
  const simple = SIMPLE_ESCAPES[first];
  if (simple !== undefined) return { text: simple, length: 1 };
  if (first === 'c' && rest.length > 1) {
    return { text: String.fromCharCode(rest.charCodeAt(1) & 0x1f), length: 2 };
  }
  for (const { pattern, radix } of NUMERIC_ESCAPES) {
    const match = pattern.exec(rest);
    if (!match) continue;
    const digits = radix === 8 ? match[0] : match[0].slice(1);
    const codePoint = Number.parseInt(digits, radix);
    const text = codePoint <= 0x10ffff ? String.fromCodePoint(radix === 8 ? codePoint & 0xff : codePoint) : '';
    return { text, length: match[0].length };
  }
  // An unknown escape keeps its backslash, as bash does.
  return { text: `\\${first}`, length: 1 };
}
