import type { Node } from 'web-tree-sitter';
import { literalWord, readWord, type SubstitutionVisitor } from './read-word.ts';
import { ShellAnalysisAbort } from './shell-analysis-abort.ts';
import type { ShellWord } from './types.ts';

const EXPRESSIONS = new Set(['binary_expression', 'unary_expression', 'parenthesized_expression', 'ternary_expression', 'postfix_expression']);

/**
 * The words of a `[ … ]` or `[[ … ]]` test, brackets included: `[ -f x ]` → `[`, `-f`, `x`, `]`. Throws a
 * parse error for `<` or `>` inside `[ ]`: bash reads them as redirections (`[ x > /etc/passwd ]` writes the
 * file), tree-sitter as comparisons.
 */
export function readTestWords(node: Node, onSubstitution: SubstitutionVisitor): ShellWord[] {
  const single = node.firstChild?.type === '[';
  const words: ShellWord[] = [];
  const flatten = (parent: Node): void => {
    for (const child of parent.children) {
      if (EXPRESSIONS.has(child.type)) flatten(child);
      else if (child.isNamed) words.push(readWord(child, onSubstitution));
      else if (single && parent.type === 'binary_expression' && (child.type === '>' || child.type === '<')) {
        throw new ShellAnalysisAbort('parse-error', `"${child.type}" inside [ ] is a redirection; quote it or use [[ ]]`);
      } else words.push(literalWord(child.text));
    }
  };
  flatten(node);
  return words;
}
