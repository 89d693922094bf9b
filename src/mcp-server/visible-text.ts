/**
 * Characters that display as something else or as nothing: controls (C0, DEL, C1), format characters
 * (bidi overrides and isolates, zero-width spaces and joiners, soft hyphens, the byte-order mark) and the
 * line and paragraph separators.
 */
const UNSEEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * `text` as a person reads it in a client's prompt: what would not show as itself written out as `\uXXXX`,
 * so that what they allow is what they saw (a right-to-left override cannot reorder a command). Newlines and
 * tabs stay.
 */
export function visibleText(text: string): string {
  return text.replace(UNSEEN, (character) => (character === '\n' || character === '\t' ? character : `\\u${character.codePointAt(0)!.toString(16).padStart(4, '0')}`));
}
