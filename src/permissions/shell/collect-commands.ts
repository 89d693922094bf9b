import type { Node, Parser } from 'web-tree-sitter';
import { assertNoMisreadKeyword } from './assert-no-misread-keyword.ts';
import { firstSyntaxError } from './first-syntax-error.ts';
import { readAssignment } from './read-assignment.ts';
import { readRedirect, REDIRECT_TYPES } from './read-redirect.ts';
import { literalWord, readWord, visitSubstitutions, type SubstitutionVisitor } from './read-word.ts';
import { resolveCommand } from './resolve-command.ts';
import { ShellAnalysisAbort } from './shell-analysis-abort.ts';
import { SHELL_LIMITS } from './shell-limits.ts';
import type { CommandOrigin, CommandSink, ShellRedirect, ShellWord, SimpleCommand } from './types.ts';

export interface CollectedCommands {
  commands: SimpleCommand[];
  writes: ShellRedirect[];
  background: boolean;
}

interface Context {
  /** Substitutions and shell bodies entered so far. */
  depth: number;
  origin: CommandOrigin;
  /** Syntax nodes entered so far, to bound recursion. */
  nesting: number;
}

const HEREDOC_PARTS = new Set(['heredoc_start', 'heredoc_body', 'heredoc_end']);
const TEST_EXPRESSIONS = new Set(['binary_expression', 'unary_expression', 'parenthesized_expression', 'ternary_expression', 'postfix_expression']);
/** Nodes whose nesting grows with the number of commands, not with the depth of the syntax. */
const FLAT_NODES = new Set(['list', 'pipeline', 'program']);

/**
 * Walks a parsed command and collects every simple command that runs, wherever it sits: compounds, bodies
 * and conditions of if/while/for/case, functions, substitutions, `bash -c`/`eval` bodies. Throws
 * {@link ShellAnalysisAbort} on a syntax error or a limit.
 */
export function collectCommands(options: { parser: Parser; source: string }): CollectedCommands {
  const collector = new Collector(options.parser);
  collector.analyzeSource(options.source, { depth: 0, origin: 'top', nesting: 0 });
  return { commands: collector.commands, writes: collector.writes, background: collector.background };
}

class Collector {
  readonly commands: SimpleCommand[] = [];
  readonly writes: ShellRedirect[] = [];
  background = false;
  private readonly parser: Parser;

  constructor(parser: Parser) {
    this.parser = parser;
  }

  analyzeSource(source: string, context: Context): void {
    if (context.depth > SHELL_LIMITS.maxDepth) {
      throw new ShellAnalysisAbort('too-deep', `substitutions and nested shells go deeper than ${SHELL_LIMITS.maxDepth} levels`);
    }
    const tree = this.parser.parse(source);
    if (!tree) throw new ShellAnalysisAbort('parse-error', 'the shell parser gave up on this command');
    try {
      const error = firstSyntaxError(tree.rootNode);
      if (error) throw new ShellAnalysisAbort('parse-error', `${context.depth > 0 ? 'a nested shell script' : 'the command'} ${error}`);
      this.visit(tree.rootNode, context);
    } finally {
      tree.delete();
    }
  }

  private visit(node: Node, outer: Context): void {
    const context = FLAT_NODES.has(node.type) ? outer : { ...outer, nesting: outer.nesting + 1 };
    if (context.nesting > SHELL_LIMITS.maxNesting) throw new ShellAnalysisAbort('too-deep', `the command nests more than ${SHELL_LIMITS.maxNesting} levels deep`);
    switch (node.type) {
      case 'comment':
        return;
      case 'command':
        return this.command(node, { redirects: [], extraWords: [] }, context);
      case 'redirected_statement':
        return this.redirectedStatement(node, context);
      case 'list':
        return this.list(node, context);
      case 'command_substitution':
        if (node.firstChild?.type === '`' && node.text.slice(1, -1).includes('\\`')) {
          throw new ShellAnalysisAbort('parse-error', 'nested backticks are not supported; use $( ) instead');
        }
        return this.substitution(node, context, 'command-substitution');
      case 'process_substitution':
        return this.substitution(node, context, 'process-substitution');
      case 'declaration_command':
      case 'unset_command':
        return this.declaration(node, context);
      case 'test_command':
        return this.test(node, context);
      case 'variable_assignment':
        return this.bareAssignments([node], context);
      case 'variable_assignments':
        return this.bareAssignments(node.namedChildren, context);
      case 'c_style_for_statement':
        for (const child of node.namedChildren) {
          if (child.type === 'do_group' || child.type === 'compound_statement') this.visit(child, context);
          else visitSubstitutions(child, this.visitor(context));
        }
        return;
      default:
        if (REDIRECT_TYPES.has(node.type)) return this.redirect(node, { redirects: [], extraWords: [] }, context);
        this.visitChildren(node, context);
    }
  }

  private visitChildren(node: Node, context: Context): void {
    for (const child of node.children) {
      if (child.type === '&') this.background = true;
      else if (child.isNamed) this.visit(child, context);
    }
  }

  /** `a && b && c` nests to the left, one level per command: walk it in a loop, not by recursion. */
  private list(node: Node, context: Context): void {
    const pending: Node[] = [];
    let current: Node | null = node;
    while (current?.type === 'list') {
      const children: Node[] = current.children;
      for (let index = children.length - 1; index >= 1; index--) pending.push(children[index]!);
      current = children[0] ?? null;
    }
    if (current) pending.push(current);
    for (let index = pending.length - 1; index >= 0; index--) {
      const child = pending[index]!;
      if (child.type === '&') this.background = true;
      else if (child.isNamed) this.visit(child, context);
    }
  }

  private substitution(node: Node, context: Context, origin: CommandOrigin): void {
    const inner = { depth: context.depth + 1, origin, nesting: context.nesting };
    if (inner.depth > SHELL_LIMITS.maxDepth) {
      throw new ShellAnalysisAbort('too-deep', `substitutions and nested shells go deeper than ${SHELL_LIMITS.maxDepth} levels`);
    }
    this.visitChildren(node, inner);
  }

  private redirectedStatement(node: Node, context: Context): void {
    const body = node.childForFieldName('body');
    const attached: Attached = { redirects: [], extraWords: [] };
    for (const child of node.children) {
      if (REDIRECT_TYPES.has(child.type)) this.redirect(child, attached, context);
      else if (child.type === '&') this.background = true;
      else if (child.isNamed && child.id !== body?.id) this.visit(child, context);
    }
    if (body?.type === 'command') return this.command(body, attached, context);
    if (attached.extraWords.length > 0) throw new ShellAnalysisAbort('parse-error', 'words after a redirect of a compound command');
    if (body) this.visit(body, context);
  }

  private redirect(node: Node, attached: Attached, context: Context): void {
    const read = readRedirect(node, this.visitor(context));
    attached.redirects.push(read.redirect);
    attached.extraWords.push(...read.extraWords);
    if (read.writes) this.writes.push(read.redirect);
    if (node.type !== 'heredoc_redirect') return;
    // tree-sitter hangs what follows `<<EOF` on the same line (`| rm x`, `&& y`, `> out`) under the heredoc.
    for (const child of node.children) {
      if (child.type === '&') this.background = true;
      else if (REDIRECT_TYPES.has(child.type)) this.redirect(child, attached, context);
      else if (child.isNamed && !HEREDOC_PARTS.has(child.type)) this.visit(child, context);
    }
  }

  private command(node: Node, attached: Attached, context: Context): void {
    const visitor = this.visitor(context);
    const own: Attached = { redirects: [...attached.redirects], extraWords: [] };
    const assignments: { name: string; value: string }[] = [];
    const words: ShellWord[] = [];
    let previous: Node | undefined;
    let nameNode: Node | undefined;
    let firstArgument: Node | undefined;
    for (let index = 0; index < node.childCount; index++) {
      const child = node.child(index)!;
      const field = node.fieldNameForChild(index);
      if (child.type === 'variable_assignment') {
        const { name, value } = readAssignment(child, visitor);
        assignments.push({ name, value });
      }
      else if (field === 'redirect') this.redirect(child, own, context);
      else if (field === 'name' || field === 'argument') {
        const wordNode = field === 'name' ? (child.firstNamedChild ?? child) : child;
        if (field === 'name') nameNode = wordNode;
        else firstArgument ??= child;
        const word = readWord(wordNode, visitor);
        words.push(previous?.endIndex === child.startIndex ? joinWords(words.pop()!, word, previous) : word);
        previous = child;
      } else if (child.isNamed) this.visit(child, context);
    }
    assertNoMisreadKeyword(nameNode, firstArgument);
    words.push(...own.extraWords, ...attached.extraWords);
    this.emit({ words, assignments, redirects: own.redirects }, context);
  }

  /** `FOO=1` alone runs nothing, but changes what later commands see (`PATH=…`): a command with no argv. */
  private bareAssignments(nodes: Node[], context: Context): void {
    const visitor = this.visitor(context);
    const assignments = nodes.map((node) => {
      const { name, value } = readAssignment(node, visitor);
      return { name, value };
    });
    this.emit({ words: [], assignments }, context);
  }

  private declaration(node: Node, context: Context): void {
    const visitor = this.visitor(context);
    const words = node.children.map((child) => {
      if (!child.isNamed) return literalWord(child.text);
      if (child.type !== 'variable_assignment') return readWord(child, visitor);
      const assignment = readAssignment(child, visitor);
      return { ...assignment.word, value: `${assignment.name}=${assignment.value}` };
    });
    this.emit({ words, assignments: [] }, context);
  }

  /** `[ … ]` and `[[ … ]]` run as commands named `[` and `[[`, so rules can name them. */
  private test(node: Node, context: Context): void {
    const visitor = this.visitor(context);
    const single = node.firstChild?.type === '[';
    const words: ShellWord[] = [];
    const flatten = (parent: Node): void => {
      for (const child of parent.children) {
        if (TEST_EXPRESSIONS.has(child.type)) flatten(child);
        else if (child.isNamed) words.push(readWord(child, visitor));
        else if (single && parent.type === 'binary_expression' && (child.type === '>' || child.type === '<')) {
          throw new ShellAnalysisAbort('parse-error', `"${child.type}" inside [ ] is a redirection; quote it or use [[ ]]`);
        } else words.push(literalWord(child.text));
      }
    };
    flatten(node);
    this.emit({ words, assignments: [] }, context);
  }

  private emit(parts: { words: ShellWord[]; assignments: { name: string; value: string }[]; redirects?: ShellRedirect[] }, context: Context): void {
    resolveCommand({ ...parts, redirects: parts.redirects ?? [], origin: context.origin, sink: this.sink(context) });
  }

  private sink(context: Context): CommandSink {
    return {
      add: (command) => {
        this.commands.push(command);
        if (this.commands.length > SHELL_LIMITS.maxCommands) {
          throw new ShellAnalysisAbort('too-many-commands', `the command has more than ${SHELL_LIMITS.maxCommands} simple commands`);
        }
      },
      analyzeBody: (body) => this.analyzeSource(body, { depth: context.depth + 1, origin: 'shell-c', nesting: context.nesting }),
    };
  }

  private visitor(context: Context): SubstitutionVisitor {
    return (node) => this.visit(node, context);
  }
}

interface Attached {
  redirects: ShellRedirect[];
  extraWords: ShellWord[];
}

function joinWords(left: ShellWord, right: ShellWord, previous: Node): ShellWord {
  // `$"…"` split by tree-sitter into `$` and a string: the `$` only asks for a translation.
  if (previous.type === '$') return right;
  return {
    value: left.value + right.value,
    dynamic: left.dynamic || right.dynamic,
    glob: left.glob || right.glob,
    userTilde: left.userTilde,
    processSubstitution: left.processSubstitution || right.processSubstitution,
  };
}
