import type { Node } from 'web-tree-sitter';
import { ShellAnalysisAbort } from './shell-analysis-abort.ts';

const RESERVED_WORDS = new Set(['!', '{', '}', '[[', ']]', 'case', 'do', 'done', 'elif', 'else', 'esac', 'fi', 'for', 'function', 'if', 'in', 'select', 'then', 'until', 'while']);
/** Keywords (and `time -p`) that take a whole pipeline after them, which tree-sitter reads as a plain command. */
const PIPELINE_PREFIXES = new Set(['time', 'coproc', '-p']);

/**
 * Throws a parse error when tree-sitter has read a bash keyword as a command word: it parses
 * `! for i in 1; do rm x; done` and `time { rm x; }` into commands named `for`, `do` and `}`, hiding `rm`.
 * `words` are the name and argument nodes of one command; only unquoted words count (`"for"` really is a
 * command named `for`).
 */
export function assertNoMisreadKeyword(words: readonly Node[]): void {
  for (const word of words) {
    if (word.type !== 'word') return;
    if (RESERVED_WORDS.has(word.text)) {
      throw new ShellAnalysisAbort('parse-error', `a bash keyword is used where the parser expects a command, near "${word.text}"`);
    }
    if (!PIPELINE_PREFIXES.has(word.text)) return;
  }
}
