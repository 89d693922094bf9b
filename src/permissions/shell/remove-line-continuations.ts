import type { Node } from 'web-tree-sitter';

/** Where bash keeps a backslash-newline as two characters: single quotes, `$'…'`, comments, quoted heredoc bodies. */
const LITERAL_NODES = new Set(['raw_string', 'ansi_c_string', 'comment']);

/**
 * The script with its line continuations removed, as bash's reader removes them before it splits words
 * (`tou\⏎ch x` runs `touch x`; tree-sitter reads two words), or undefined when there are none. A
 * backslash-newline stays where bash keeps it: in single quotes, `$'…'`, comments and the body of a heredoc
 * with a quoted delimiter, and where the backslash is itself escaped (`\\⏎`).
 */
export function removeLineContinuations(source: string, root: Node): string | undefined {
  let result: string | undefined;
  let copiedUpTo = 0;
  for (let index = source.indexOf('\\\n'); index !== -1; index = source.indexOf('\\\n', index + 2)) {
    if (precededByBackslashes(source, index) % 2 === 1 || isLiteral(root.descendantForIndex(index, index + 1))) continue;
    result = (result ?? '') + source.slice(copiedUpTo, index);
    copiedUpTo = index + 2;
  }
  return result === undefined ? undefined : result + source.slice(copiedUpTo);
}

function precededByBackslashes(source: string, index: number): number {
  let count = 0;
  while (index - count - 1 >= 0 && source[index - count - 1] === '\\') count++;
  return count;
}

function isLiteral(node: Node | null): boolean {
  for (let current = node; current; current = current.parent) {
    if (LITERAL_NODES.has(current.type)) return true;
    if (current.type === 'heredoc_body') return isQuotedHeredoc(current);
  }
  return false;
}

function isQuotedHeredoc(body: Node): boolean {
  const start = body.parent?.children.find((child) => child.type === 'heredoc_start')?.text ?? '';
  return /['"\\]/.test(start);
}
