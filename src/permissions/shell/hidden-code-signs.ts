import type { Node } from 'web-tree-sitter';
import type { SimpleCommand } from './types.ts';

/** Builtins that put data the script does not spell out into variables. */
const DATA_READERS = new Set(['read', 'mapfile', 'readarray', 'getopts']);
/** Syntax bash evaluates as arithmetic, where a variable holding `a[$(cmd)]` runs `cmd`. */
const ARITHMETIC_NODES = new Set(['arithmetic_expansion', 'c_style_for_statement', 'subscript']);
const ARITHMETIC_TESTS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge', '-v']);

/**
 * Watches a script for the two halves of hidden code: data put into variables at run time (`read x`,
 * `x=$(cat f)`, `for x in $(…)`, function arguments) and arithmetic that evaluates variables (`$((x))`,
 * `(( x ))`, `[[ x -eq 1 ]]`, `let`, `declare -i`, `${a[x]}`). Bash evaluates a variable holding
 * `a[$(touch p)]` there and runs `touch p`, so a script with both hides code from any analysis.
 */
export class HiddenCodeSigns {
  private readsData = false;
  private evaluatesArithmetic = false;

  /** Looks at a whole parsed script for arithmetic (inside words too: `echo $((x))`). */
  noteTree(root: Node): void {
    if (!this.evaluatesArithmetic && root.descendantsOfType([...ARITHMETIC_NODES]).length > 0) this.evaluatesArithmetic = true;
  }

  noteNode(node: Node): void {
    if (node.type === 'compound_statement' && node.firstChild?.type === '((') this.evaluatesArithmetic = true;
    if (node.type === 'function_definition') this.readsData = true;
    if (node.type === 'for_statement' && node.childrenForFieldName('value').some((value) => value.type !== 'word' && value.type !== 'raw_string')) this.readsData = true;
  }

  noteCommand(command: SimpleCommand): void {
    const [name = '', ...args] = command.argv;
    if (DATA_READERS.has(name) || (name === 'set' && args.length > 0) || command.assignments.some((assignment) => /[$`]/.test(assignment.value))) this.readsData = true;
    if (name === 'let' || ((name === 'declare' || name === 'typeset' || name === 'local') && args.some((arg) => /^-[a-zA-Z]*i/.test(arg)))) this.evaluatesArithmetic = true;
    // `test` and `[` compare numbers without evaluating them; only their `-v` reads a name with a subscript.
    if ((name === '[[' && args.some((arg) => ARITHMETIC_TESTS.has(arg))) || ((name === 'test' || name === '[') && args.includes('-v'))) this.evaluatesArithmetic = true;
  }

  /** The analysis-level opaque reason, when both halves are there. */
  verdict(): { opaque?: string } {
    return this.readsData && this.evaluatesArithmetic ? { opaque: 'it reads data into variables and evaluates arithmetic, which runs any command hidden in that data' } : {};
  }
}
