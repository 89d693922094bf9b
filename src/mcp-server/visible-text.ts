/**
 * Characters that display as something else or as nothing: controls (C0, DEL, C1), format characters
 * (bidi overrides and isolates, zero-width spaces and joiners, soft hyphens, the byte-order mark), the
 * line and paragraph separators, and every other default-ignorable code point (variation selectors, which
 * can carry a whole hidden text, Hangul fillers, the combining grapheme joiner): letters and marks by
 * category, shown as nothing by every renderer.
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * `text` as a person reads it in a client's prompt: what would not show as itself written out as `\uXXXX`
 * (`\u{XXXXX}` past the first plane), so that what they allow is what they saw (a right-to-left override
 * cannot reorder a command). Newlines and tabs stay.
 */
export function visibleText(text: string): string {
  return text.replace(UNSEEN, (character) => {
    if (character === '\n' || character === '\t') return character;
    const code = character.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
