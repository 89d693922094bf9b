import type { Node, Parser } from 'web-tree-sitter';
import { assertNoMisreadKeyword } from './assert-no-misread-keyword.ts';
import { firstSyntaxError } from './first-syntax-error.ts';
import { listOperands } from './list-operands.ts';
import { readAssignment } from './read-assignment.ts';
import { readRedirect, REDIRECT_TYPES } from './read-redirect.ts';
import { readTestWords } from './read-test-words.ts';
import { joinWords, literalWord, readWord, visitSubstitutions, type SubstitutionVisitor } from './read-word.ts';
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
  /** The text of the tree being walked. */
  source: string;
}

const HEREDOC_PARTS = new Set(['heredoc_start', 'heredoc_body', 'heredoc_end']);
/** Nodes whose nesting grows with the number of commands, not with the depth of the syntax. */
const FLAT_NODES = new Set(['list', 'pipeline', 'program']);

/**
 * Walks a parsed command and collects every simple command that runs, wherever it sits: compounds, bodies
 * and conditions of if/while/for/case, functions, substitutions, `bash -c`/`eval` bodies. Throws
 * {@link ShellAnalysisAbort} on a syntax error or a limit.
 */
export function collectCommands(options: { parser: Parser; source: string }): CollectedCommands {
  const collector = new Collector(options.parser);
  collector.analyzeSource(options.source, { depth: 0, origin: 'top', nesting: 0, source: options.source });
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

  analyzeSource(source: string, outer: Context): void {
    const context = { ...outer, source };
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
        return this.command({ node, attached: emptyAttached(), context });
      case 'redirected_statement':
        return this.redirectedStatement(node, context);
      case 'list':
        return this.visitEach(listOperands(node), context);
      case 'command_substitution':
        if (node.firstChild?.type === '`') return this.backticks(node, context);
        return this.substitution(node, { ...context, origin: 'command-substitution' });
      case 'process_substitution':
        return this.substitution(node, { ...context, origin: 'process-substitution' });
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
        if (REDIRECT_TYPES.has(node.type)) return this.redirect({ node, attached: emptyAttached(), context });
        this.visitChildren(node, context);
    }
  }

  private visitChildren(node: Node, context: Context): void {
    this.visitEach(node.children, context);
  }

  private visitEach(nodes: readonly Node[], context: Context): void {
    for (const child of nodes) {
      if (child.type === '&') this.background = true;
      else if (child.isNamed) this.visit(child, context);
    }
  }

  private substitution(node: Node, context: Context): void {
    const inner = { ...context, depth: context.depth + 1 };
    if (inner.depth > SHELL_LIMITS.maxDepth) {
      throw new ShellAnalysisAbort('too-deep', `substitutions and nested shells go deeper than ${SHELL_LIMITS.maxDepth} levels`);
    }
    this.visitChildren(node, inner);
  }

  /**
   * Bash removes the backslashes before `$`, a backtick and `\\` inside backticks before it parses them, so
   * `` `echo "\\$(rm x)"` `` runs `rm x`: re-parse the unescaped text rather than trust tree-sitter's reading.
   */
  private backticks(node: Node, context: Context): void {
    const inQuotes = node.parent?.type === 'string';
    const script = node.text.slice(1, -1).replace(inQuotes ? /\\([$`\\"])/g : /\\([$`\\])/g, '$1');
    this.analyzeSource(script, { ...context, depth: context.depth + 1, origin: 'command-substitution' });
  }

  private redirectedStatement(node: Node, context: Context): void {
    const body = node.childForFieldName('body');
    const attached = emptyAttached();
    for (const child of node.children) {
      if (REDIRECT_TYPES.has(child.type)) this.redirect({ node: child, attached, context });
      else if (child.type === '&') this.background = true;
      else if (child.isNamed && child.id !== body?.id) this.visit(child, context);
    }
    if (body?.type === 'command') return this.command({ node: body, attached, context });
    if (attached.extraWords.length > 0) throw new ShellAnalysisAbort('parse-error', 'words after a redirect of a compound command');
    if (body) this.visit(body, context);
  }

  private redirect({ node, attached, context }: { node: Node; attached: Attached; context: Context }): void {
    const read = readRedirect(node, { source: context.source, onSubstitution: this.visitor(context) });
    attached.redirects.push(read.redirect);
    attached.extraWords.push(...read.extraWords);
    if (read.writes) this.writes.push(read.redirect);
    if (node.type !== 'heredoc_redirect') return;
    // tree-sitter hangs what follows `<<EOF` on the same line (`| rm x`, `&& y`, `> out`) under the heredoc.
    for (const child of node.children) {
      if (child.type === '&') this.background = true;
      else if (REDIRECT_TYPES.has(child.type)) this.redirect({ node: child, attached, context });
      else if (child.isNamed && !HEREDOC_PARTS.has(child.type)) this.visit(child, context);
    }
  }

  private command({ node, attached, context }: { node: Node; attached: Attached; context: Context }): void {
    const visitor = this.visitor(context);
    const own: Attached = { redirects: [...attached.redirects], extraWords: [] };
    const assignments: { name: string; value: string }[] = [];
    const words: ShellWord[] = [];
    let previous: Node | undefined;
    const wordNodes: Node[] = [];
    for (let index = 0; index < node.childCount; index++) {
      const child = node.child(index)!;
      const field = node.fieldNameForChild(index);
      if (child.type === 'variable_assignment') {
        const { name, value } = readAssignment(child, visitor);
        assignments.push({ name, value });
      } else if (field === 'redirect') this.redirect({ node: child, attached: own, context });
      else if (field === 'name' || field === 'argument') {
        const wordNode = field === 'name' ? (child.firstNamedChild ?? child) : child;
        wordNodes.push(wordNode);
        const word = readWord(wordNode, visitor);
        // tree-sitter splits `$"…"` (a translated string) into `$` and a string; the `$` changes nothing.
        const joined = previous?.endIndex === child.startIndex ? words.pop() : undefined;
        words.push(joined === undefined || previous?.type === '$' ? word : joinWords(joined, word));
        previous = child;
      } else if (child.isNamed) this.visit(child, context);
    }
    assertNoMisreadKeyword(wordNodes);
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
    this.emit({ words: readTestWords(node, this.visitor(context)), assignments: [] }, context);
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
      analyzeBody: (body) => this.analyzeSource(body, { ...context, depth: context.depth + 1, origin: 'shell-c' }),
    };
  }

  private visitor(context: Context): SubstitutionVisitor {
    return (node) => this.visit(node, context);
  }
}

/** Redirects of a statement, and the words tree-sitter put after their targets. */
interface Attached {
  redirects: ShellRedirect[];
  extraWords: ShellWord[];
}

function emptyAttached(): Attached {
  return { redirects: [], extraWords: [] };
}
