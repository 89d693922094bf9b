import type { Node } from 'web-tree-sitter';

/**
 * The children of a `list` (`a && b || c; …`) in source order, with the nested lists tree-sitter builds
 * (one level per operator, to the left) flattened in a loop: a 3,000-command chain must not recurse 3,000 deep.
 */
export function listOperands(node: Node): Node[] {
  const pending: Node[] = [];
  let current: Node | null = node;
  while (current?.type === 'list') {
    const children: Node[] = current.children;
    for (let index = children.length - 1; index >= 1; index--) pending.push(children[index]!);
    current = children[0] ?? null;
  }
  if (current) pending.push(current);
  return pending.reverse();
}
