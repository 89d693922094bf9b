/** `@path` at the start of a line or after a space; the path runs to the next space or quote. */
const INCLUDE = /(?<=^|\s)@([^\s`'"<>()[\]]+)/g;
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;
const FENCE = /^\s*(```|~~~)/;
const INLINE_CODE = /`[^`]*`/g;

/**
 * The `@path` includes of an instruction file, in order: a token that starts with `@` at the start of a line
 * or after white space and names a path (it holds a `/` or a `.`, or starts with `~`), so that a handle such
 * as `@octocat` or an address such as `a@b.dev` is not one. Code blocks and code spans are skipped, and
 * trailing sentence punctuation is not part of the path.
 */
export function findIncludes(text: string): string[] {
  const includes: string[] = [];
  let inFence = false;
  for (const line of text.split('\n')) {
    if (FENCE.test(line)) {
      inFence = !inFence;
      continue;
    }
    if (inFence || !line.includes('@')) continue;
    for (const match of line.replace(INLINE_CODE, ' ').matchAll(INCLUDE)) {
      const target = match[1]!.replace(TRAILING_PUNCTUATION, '');
      if (target.includes('/') || target.includes('.') || target.startsWith('~')) includes.push(target);
    }
  }
  return includes;
}
