import type { Node } from 'web-tree-sitter';
import type { SimpleCommand } from './types.ts';

/** Builtins that put data the script does not spell out into variables. */
const DATA_READERS = new Set(['read', 'mapfile', 'readarray', 'getopts']);
const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-v']);
/**
 * Text that may be arithmetic bash evaluates, where a variable holding `a[$(cmd)]` runs `cmd`: `$((…))`,
 * `((…))`, `$[…]`, a subscript `${a[…]}`, an offset `${x:…}`. Looked for in the whole script text (nested
 * bodies included) only once data was read, so it may say yes too often, never too rarely.
 */
const ARITHMETIC_TEXT = /\(\(|\$\[|\$\{[^}]*[[:]/;

/**
 * Watches a script for the two halves of hidden code: data put into variables at run time (`read x`,
 * `x=$(cat f)`, `for x in $(…)`, function arguments) and arithmetic that evaluates variables (`$((x))`,
 * `(( x ))`, `[[ x -eq 1 ]]`, `let`, `declare -i`, `${a[x]}`, `for ((…))`). Bash evaluates a variable holding
 * `a[$(touch p)]` there and runs `touch p`, so a script with both hides code from any analysis.
 */
export class HiddenCodeSigns {
  private readsData = false;
  private evaluatesArithmetic = false;

  noteNode(node: Node, type: string): void {
    if (type === 'function_definition') this.readsData = true;
    if (type === 'for_statement' && node.childrenForFieldName('value').some((value) => value.type !== 'word' && value.type !== 'raw_string')) this.readsData = true;
  }

  noteCommand(command: SimpleCommand): void {
    const [name = '', ...args] = command.argv;
    if (DATA_READERS.has(name) || (name === 'set' && args.length > 0) || command.assignments.some((assignment) => /[$`]/.test(assignment.value))) this.readsData = true;
    if (name === 'let' || ((name === 'declare' || name === 'typeset' || name === 'local') && args.some((arg) => /^-[a-zA-Z]*i/.test(arg)))) this.evaluatesArithmetic = true;
    // `test` and `[` compare numbers without evaluating them; only their `-v` reads a name with a subscript.
    if ((name === '[[' && args.some((arg) => ARITHMETIC_TESTS.has(arg))) || ((name === 'test' || name === '[') && args.includes('-v'))) this.evaluatesArithmetic = true;
  }

  /** The analysis-level opaque reason, when both halves are there in `source` (the whole script). */
  verdict(source: string): { opaque?: string } {
    if (!this.readsData || !(this.evaluatesArithmetic || ARITHMETIC_TEXT.test(source))) return {};
    return { opaque: 'it reads data into variables and evaluates arithmetic, which runs any command hidden in that data' };
  }
}
