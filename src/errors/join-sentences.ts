/**
 * Joins messages into one text, each ending as a sentence: a period is added to a part that ends without
 * one (`.`, `!`, `?` or `…`, before any closing quote or bracket), so a message made by a tool or a plugin
 * ("codev requested permission to run: touch x.txt") does not run into the sentence that follows it.
 *
 * @example
 * joinSentences('codev requested permission to run: ls', 'It was denied.'); // 'codev requested permission to run: ls. It was denied.'
 */
export function joinSentences(...parts: readonly string[]): string {
  return parts
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part, index, kept) => (index === kept.length - 1 || /[.!?…]['"`)\]]*$/.test(part) ? part : `${part}.`))
    .join(' ');
}
