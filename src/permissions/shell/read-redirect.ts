import type { Node } from 'web-tree-sitter';
import { readHeredoc } from './read-heredoc.ts';
import { readWord, type SubstitutionVisitor } from './read-word.ts';
import type { ShellRedirect, ShellWord } from './types.ts';

/** Redirect node types of tree-sitter-bash. */
export const REDIRECT_TYPES = new Set(['file_redirect', 'herestring_redirect', 'heredoc_redirect']);

const WRITE_OPERATORS = new Set(['>', '>>', '>|', '&>', '&>>']);
const HARMLESS_SINKS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);

export interface ReadRedirect {
  redirect: ShellRedirect;
  /** Whether it writes a file (the engine checks those against Edit rules). */
  writes: boolean;
  /**
   * Words after the target that belong to the command: tree-sitter reads `ls >f -la` as a redirect to
   * `f -la`, but bash runs `ls -la > f`.
   */
  extraWords: ShellWord[];
}

/**
 * Reads one redirect node of a tree parsed from `source`. Substitutions in its target (`> "$(rm x)"`) and in an
 * unquoted heredoc body go to `onSubstitution`.
 */
export function readRedirect(node: Node, options: { source: string; onSubstitution: SubstitutionVisitor }): ReadRedirect {
  const { onSubstitution } = options;
  if (node.type === 'heredoc_redirect') return { redirect: readHeredoc(node, options), writes: false, extraWords: [] };
  if (node.type === 'herestring_redirect') {
    const value = node.namedChildren[0];
    const word = value ? readWord(value, onSubstitution) : undefined;
    const content = { text: word?.value ?? '', static: word !== undefined && !word.dynamic };
    return { redirect: { operator: '<<<', target: content.text, static: content.static, content }, writes: false, extraWords: [] };
  }
  const descriptor = node.childForFieldName('descriptor')?.text ?? '';
  const operator = node.children.find((child) => !child.isNamed)?.type ?? '';
  const [destination, ...rest] = node.childrenForFieldName('destination');
  const target = destination ? readWord(destination, onSubstitution) : undefined;
  const isStatic = target !== undefined && !target.dynamic && !target.glob && !target.userTilde;
  const redirect = { operator: `${descriptor}${operator}`, target: target?.value ?? '', static: isStatic };
  const writes = target !== undefined && !target.processSubstitution && writesFile(operator, target.value);
  const next = node.nextSibling;
  // In `<&0 0<f` tree-sitter hands the next redirect's descriptor to this one.
  const extra = rest.filter((word) => !(word.type === 'number' && next && word.endIndex === next.startIndex));
  return { redirect, writes, extraWords: extra.map((word) => readWord(word, onSubstitution)) };
}

function writesFile(operator: string, target: string): boolean {
  if (HARMLESS_SINKS.has(target)) return false;
  if (WRITE_OPERATORS.has(operator)) return true;
  // `>&word` with a word that is not a descriptor is bash's old spelling of `&>word`.
  return operator === '>&' && target !== '-' && !/^\d+$/.test(target);
}
