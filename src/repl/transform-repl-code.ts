import { parse, type Pattern, type Program } from 'acorn';

/** A cell ready for the worker, or the syntax error that stopped it. */
export type TransformedReplCode =
  | {
      ok: true;
      code: string;
      /** The top-level names the cell declares (they persist). */
      declaredNames: string[];
      /** Lines of the source; the wrapper's closing line comes after them. */
      lineCount: number;
    }
  | { ok: false; message: string; /** 1-based. */ line: number; /** 1-based. */ column: number };

const HOIST = '__codevReplHoist';

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Turns one REPL cell into a script for a persistent `vm` context:
 * 1. top-level `var`/`let`/`const` (destructuring included), function and class declarations become `var`
 *    names declared at the script's top, so later cells see them (a later cell may declare them again);
 * 2. the body is wrapped in an async arrow, so top-level `await` works and the script's value is a promise;
 * 3. a final expression statement becomes `return (expr)`: its value is the cell's result.
 * Functions stay declarations inside the arrow (hoisting works) and are copied out at its start; the user's
 * lines keep their numbers (the wrapper takes one line before them; the worker compiles with `lineOffset: -1`). `using` declarations stay local,
 * so they are disposed at the end of the cell. Parsing is acorn's, as a script with top-level await.
 */
export function transformReplCode(source: string): TransformedReplCode {
  let program: Program;
  try {
    program = parse(source, { ecmaVersion: 'latest', sourceType: 'script', allowAwaitOutsideFunction: true, locations: true });
  } catch (error) {
    const location = (error as { loc?: { line: number; column: number } }).loc;
    if (!(error instanceof SyntaxError) || !location) throw error;
    return { ok: false, message: error.message.replace(/\s*\(\d+:\d+\)$/, ''), line: location.line, column: location.column + 1 };
  }
  const slice = (node: { start: number; end: number }) => source.slice(node.start, node.end);
  const names = new Set<string>();
  const functions: string[] = [];
  const edits: Edit[] = [];
  const last = program.body.at(-1);
  for (const statement of program.body) {
    if (statement.type === 'VariableDeclaration' && (statement.kind === 'var' || statement.kind === 'let' || statement.kind === 'const')) {
      const assignments: string[] = [];
      for (const declarator of statement.declarations) {
        collectNames(declarator.id, names);
        if (declarator.init) assignments.push(`${slice(declarator.id)} = (${slice(declarator.init)})`);
        else if (statement.kind !== 'var') assignments.push(`${slice(declarator.id)} = undefined`);
      }
      // The leading `;` keeps a previous statement without a semicolon from swallowing the `(`.
      edits.push({ start: statement.start, end: statement.end, text: assignments.length > 0 ? `;(${assignments.join(', ')});` : ';' });
    } else if (statement.type === 'FunctionDeclaration') {
      names.add(statement.id.name);
      functions.push(statement.id.name);
    } else if (statement.type === 'ClassDeclaration') {
      names.add(statement.id.name);
      edits.push({ start: statement.start, end: statement.end, text: `;${statement.id.name} = ${slice(statement)};` });
    } else if (statement === last && statement.type === 'ExpressionStatement') {
      edits.push({ start: statement.start, end: statement.end, text: `;return (${slice(statement.expression)});` });
    }
  }
  let body = source;
  for (const edit of edits.sort((left, right) => right.start - left.start)) body = body.slice(0, edit.start) + edit.text + body.slice(edit.end);
  const declarations = names.size > 0 ? `var ${[...names].join(', ')}; ` : '';
  const copyFunctions = functions.map((name, index) => `${HOIST}[${index}](${name});`).join('');
  const setters = functions.map((name) => `(value) => { ${name} = value; }`).join(', ');
  const code = `${declarations}(async (${HOIST}) => {${copyFunctions}\n${body}\n})([${setters}])`;
  return { ok: true, code, declaredNames: [...names], lineCount: source.split(/\r\n|\r|\n|\u2028|\u2029/).length };
}

function collectNames(pattern: Pattern, names: Set<string>): void {
  switch (pattern.type) {
    case 'Identifier':
      names.add(pattern.name);
      return;
    case 'ObjectPattern':
      for (const property of pattern.properties) collectNames(property.type === 'RestElement' ? property.argument : property.value, names);
      return;
    case 'ArrayPattern':
      for (const element of pattern.elements) if (element) collectNames(element, names);
      return;
    case 'RestElement':
      collectNames(pattern.argument, names);
      return;
    case 'AssignmentPattern':
      collectNames(pattern.left, names);
      return;
    default:
      // MemberExpression: only in assignments, never in declarations.
      return;
  }
}
