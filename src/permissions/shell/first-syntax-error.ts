import type { Node } from 'web-tree-sitter';

/**
 * Where a tree has a syntax error, as `"near line 2, column 5"`, or undefined for a clean tree. tree-sitter
 * recovers from errors (an unterminated quote still yields `echo`), so any ERROR or MISSING node must fail
 * the whole command.
 */
export function firstSyntaxError(root: Node): string | undefined {
  if (!root.hasError) return undefined;
  const node = findErrorNode(root) ?? root;
  const { row, column } = node.startPosition;
  const what = node.isMissing ? `is missing "${node.type}"` : 'is not valid shell syntax';
  return `${what} near line ${row + 1}, column ${column + 1}`;
}

function findErrorNode(node: Node): Node | undefined {
  if (node.isError || node.isMissing) return node;
  if (!node.hasError) return undefined;
  for (const child of node.children) {
    const found = findErrorNode(child);
    if (found) return found;
  }
  return undefined;
}
