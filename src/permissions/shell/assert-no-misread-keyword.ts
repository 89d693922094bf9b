import type { Node } from 'web-tree-sitter';
import { ShellAnalysisAbort } from './shell-analysis-abort.ts';

const RESERVED_WORDS = new Set(['!', '{', '}', '[[', ']]', 'case', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'function', 'if', 'in', 'select', 'then', 'until', 'while']);
/** Keywords that take a whole pipeline after them, which tree-sitter reads as a plain command. */
const PIPELINE_PREFIXES = new Set(['time', 'coproc']);

/**
 * Throws a parse error when tree-sitter has read a bash keyword as a command word: it parses
 * `! for i in 1; do rm x; done` and `time { rm x; }` into commands named `for`, `do` and `}`, hiding `rm`.
 * Only unquoted words count: `"for"` really is a command named `for`.
 */
export function assertNoMisreadKeyword(name: Node | undefined, firstArgument: Node | undefined): void {
  if (name?.type !== 'word') return;
  const misread = RESERVED_WORDS.has(name.text) || (PIPELINE_PREFIXES.has(name.text) && firstArgument?.type === 'word' && RESERVED_WORDS.has(firstArgument.text));
  if (misread) throw new ShellAnalysisAbort('parse-error', `a bash keyword is used where the parser expects a command, near "${name.text}"`);
}
