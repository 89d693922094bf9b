/**
 * Characters that display as something else or as nothing: controls (C0, DEL, C1), format characters (bidi
 * overrides and isolates, zero-width spaces and joiners, soft hyphens, the byte-order mark), the line and
 * paragraph separators, and every other default-ignorable code point. (The page imports nothing of src/ but
 * its types: this is src/mcp-server/visible-text.ts's rule, kept the same.)
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * `text` as a person must read it before approving it: what would not show as itself written out as `\uXXXX`
 * (`\u{XXXXX}` past the first plane), so a right-to-left override cannot reorder a command and a zero-width
 * character cannot hide in it. Newlines and tabs stay.
 */
export function visibleText(text: string): string {
  return text.replace(UNSEEN, (character) => {
    if (character === '\n' || character === '\t') return character;
    const code = character.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
