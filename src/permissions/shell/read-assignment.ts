import type { Node } from 'web-tree-sitter';
import { readWord, type SubstitutionVisitor } from './read-word.ts';
import type { ShellWord } from './types.ts';

/** A `NAME=value` (or `NAME+=value`, `a[1]=value`) node: the name as written and the unquoted value. */
export function readAssignment(node: Node, onSubstitution: SubstitutionVisitor): { name: string; value: string; word: ShellWord } {
  const name = node.childForFieldName('name')?.text ?? '';
  const valueNode = node.childForFieldName('value');
  const word: ShellWord = valueNode
    ? readWord(valueNode, onSubstitution)
    : { value: '', dynamic: false, glob: false, userTilde: false, processSubstitution: false };
  return { name, value: word.value, word };
}
