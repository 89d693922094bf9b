import type { Node } from 'web-tree-sitter';
import { assertNoMisreadKeyword } from './assert-no-misread-keyword.ts';
import { readAssignment } from './read-assignment.ts';
import { joinWords, literalWord, readWord, type SubstitutionVisitor } from './read-word.ts';
import type { ShellWord } from './types.ts';

/** The words and leading assignments of one simple command node. */
export interface CommandWords {
  words: ShellWord[];
  assignments: { name: string; value: string; word: ShellWord }[];
}

/**
 * Reads a `command` node: its assignments, its name and arguments (words written with nothing between
 * them joined, as bash reads them); redirects go to `onRedirect`, other named children (substitutions
 * outside words) to `onChild`. Throws a parse error where tree-sitter read a keyword as a command word.
 */
export function readCommandWords(node: Node, handlers: { visitor: SubstitutionVisitor; onRedirect: (child: Node) => void; onChild: (child: Node) => void }): CommandWords {
  const { visitor } = handlers;
  const result: CommandWords = { words: [], assignments: [] };
  const { words } = result;
  let previousEnd: number | undefined;
  let previousType: string | undefined;
  const wordNodes: Node[] = [];
  const children = node.children;
  for (const [index, child] of children.entries()) {
    const field = node.fieldNameForChild(index);
    const type = child.type;
    if (type === 'variable_assignment') result.assignments.push(readAssignment(child, visitor));
    else if (field === 'redirect') handlers.onRedirect(child);
    else if (field === 'name' || field === 'argument') {
      const wordNode = field === 'name' ? (child.firstNamedChild ?? child) : child;
      wordNodes.push(wordNode);
      const word = readWord(wordNode, visitor);
      // tree-sitter splits `$"…"` (a translated string) into `$` and a string; the `$` changes nothing.
      const joined = previousEnd === child.startIndex ? words.pop() : undefined;
      words.push(joined === undefined || previousType === '$' ? word : joinWords(joined, word));
      previousEnd = child.endIndex;
      previousType = type;
    } else if (child.isNamed) handlers.onChild(child);
  }
  assertNoMisreadKeyword(wordNodes);
  return result;
}

/** The words of `declare`/`export`/`local`/`unset` (tree-sitter's declaration nodes), `NAME=value` kept whole. */
export function readDeclarationWords(node: Node, visitor: SubstitutionVisitor): ShellWord[] {
  return node.children.map((child) => {
    if (!child.isNamed) return literalWord(child.text);
    if (child.type !== 'variable_assignment') return readWord(child, visitor);
    const assignment = readAssignment(child, visitor);
    return { ...assignment.word, value: `${assignment.name}=${assignment.value}` };
  });
}
