/**
 * Splits `text` into at most `count` consecutive, non-empty pieces of similar length (one empty piece for empty
 * text). Splits between code points, so a surrogate pair is never cut in two.
 */
export function splitIntoChunks(text: string, count: number): string[] {
  const codePoints = Array.from(text);
  if (codePoints.length === 0) return [''];
  const size = Math.ceil(codePoints.length / Math.max(1, count));
  const chunks: string[] = [];
  for (let start = 0; start < codePoints.length; start += size) chunks.push(codePoints.slice(start, start + size).join(''));
  return chunks;
}
