import type { Node, Parser } from 'web-tree-sitter';
import { changeDirectory, isDirectoryChange, mayChangeDirectory, START_DIRECTORIES, unionDirectories, type Directories } from './directories.ts';
import { firstSyntaxError } from './first-syntax-error.ts';
import { HiddenCodeSigns } from './hidden-code-signs.ts';
import { listOperands } from './list-operands.ts';
import { readAssignment } from './read-assignment.ts';
import { readRedirect, REDIRECT_TYPES } from './read-redirect.ts';
import { readTestWords } from './read-test-words.ts';
import { readCommandWords, readDeclarationWords } from './read-command-words.ts';
import { visitSubstitutions, type SubstitutionVisitor } from './read-word.ts';
import { removeLineContinuations } from './remove-line-continuations.ts';
import { resolveCommand } from './resolve-command.ts';
import { ShellAnalysisAbort } from './shell-analysis-abort.ts';
import { SHELL_LIMITS } from './shell-limits.ts';
import type { CommandOrigin, CommandSink, ShellRedirect, ShellWord, SimpleCommand } from './types.ts';

export interface CollectedCommands {
  commands: SimpleCommand[];
  writes: ShellRedirect[];
  reads: ShellRedirect[];
  background: boolean;
  opaque?: string;
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
/** Nodes that run in a subshell: a `cd` inside does not move the commands after them. */
const SUBSHELLS = new Set(['subshell', 'command_substitution', 'process_substitution']);
const LOOPS = new Set(['while_statement', 'for_statement', 'c_style_for_statement', 'select_statement']);
/** Parts of an if or case that run instead of one another. */
const BRANCHES = new Set(['elif_clause', 'else_clause', 'case_item']);

/**
 * Walks a parsed command and collects every simple command that runs, wherever it sits: compounds, bodies
 * and conditions of if/while/for/case, functions, substitutions, `bash -c`/`eval` bodies; with the
 * directories each may run in (following `cd`, see {@link Directories}). Throws {@link ShellAnalysisAbort}
 * on a syntax error or a limit.
 */
export function collectCommands(options: { parser: Parser; source: string }): CollectedCommands {
  const collector = new Collector(options.parser, mayChangeDirectory(options.source));
  collector.analyzeSource(options.source, { depth: 0, origin: 'top', nesting: 0, source: options.source });
  return { commands: collector.commands, writes: collector.writes, reads: collector.reads, background: collector.background, ...collector.signs.verdict(options.source) };
}

class Collector {
  readonly commands: SimpleCommand[] = [];
  readonly writes: ShellRedirect[] = [];
  readonly reads: ShellRedirect[] = [];
  readonly signs = new HiddenCodeSigns();
  background = false;
  private readonly parser: Parser;
  /** Whether any `cd` can occur: without one, every command runs where the command starts. */
  private readonly tracking: boolean;
  /** Where the next command runs. */
  private directories: Directories = START_DIRECTORIES;
  /** Where the last part of the list or pipeline just visited started (see `redirectedStatement`). */
  private lastPartStart: Directories | undefined;
  /** The command whose output feeds the pipeline part being visited (for `xargs`). */
  private pipeProducer: number | undefined;
  /** Where the command just emitted moves the shell when it succeeds, if it is a `cd`. */
  private lastChange: { directories: Directories } | undefined;

  constructor(parser: Parser, tracking: boolean) {
    this.parser = parser;
    this.tracking = tracking;
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
      const joined = removeLineContinuations(source, tree.rootNode);
      if (joined !== undefined) return this.analyzeSource(joined, context);
      this.visit(tree.rootNode, context);
    } finally {
      tree.delete();
    }
  }

  private visit(node: Node, outer: Context): void {
    // Every read of a node's type is a call into WebAssembly: read it once.
    const type = node.type;
    const context = FLAT_NODES.has(type) ? outer : { depth: outer.depth, origin: outer.origin, nesting: outer.nesting + 1, source: outer.source };
    if (context.nesting > SHELL_LIMITS.maxNesting) throw new ShellAnalysisAbort('too-deep', `the command nests more than ${SHELL_LIMITS.maxNesting} levels deep`);
    this.signs.noteNode(node, type);
    if (SUBSHELLS.has(type)) {
      this.isolated(() => this.visitSubshell(node, context));
      return;
    }
    switch (type) {
      case 'comment':
        return;
      case 'command':
        return this.command({ node, attached: emptyAttached(), context });
      case 'redirected_statement':
        return this.redirectedStatement(node, context);
      case 'list':
        return this.list(node, context);
      case 'pipeline':
        return this.pipeline(node, context);
      case 'if_statement':
      case 'case_statement':
        return this.branches(node, context);
      case 'function_definition':
        return this.functionDefinition(node, context);
      case 'declaration_command':
      case 'unset_command':
        return this.declaration(node, context);
      case 'test_command':
        return this.test(node, context);
      case 'variable_assignment':
        return this.bareAssignments([node], context);
      case 'variable_assignments':
        return this.bareAssignments(node.namedChildren, context);
      default:
        if (LOOPS.has(type)) return this.loop(node, context);
        if (REDIRECT_TYPES.has(type)) return this.redirect({ node, attached: emptyAttached(), context });
        this.visitChildren(node, context);
    }
  }

  private visitChildren(node: Node, context: Context): void {
    this.visitEach(node.children, context);
  }

  /** Statements in sequence; one sent to the background with `&` runs in a subshell of its own. */
  private visitEach(nodes: readonly Node[], context: Context): void {
    const types = nodes.map((child) => child.type);
    nodes.forEach((child, index) => {
      if (types[index] === '&') this.background = true;
      else if (!child.isNamed) return;
      else if (types[index + 1] === '&') this.isolated(() => this.visit(child, context));
      else this.visit(child, context);
    });
  }

  /** Runs `visit` from the current directories and puts them back after: a subshell's `cd` stays inside. */
  private isolated(visit: () => void): Directories {
    const before = this.directories;
    visit();
    const after = this.directories;
    this.directories = before;
    return after;
  }

  private visitSubshell(node: Node, context: Context): void {
    if (node.type === 'subshell') return this.visitChildren(node, context);
    if (node.type === 'command_substitution' && node.firstChild?.type === '`') return this.backticks(node, context);
    const inner = { ...context, depth: context.depth + 1, origin: node.type === 'process_substitution' ? ('process-substitution' as const) : ('command-substitution' as const) };
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

  /**
   * `a && b || c`: each part runs where the previous left the shell. After `cd x &&` the next part runs in
   * `x` only (it runs only if `cd` succeeded); afterwards the shell may be anywhere a part left it.
   */
  private list(node: Node, context: Context): void {
    const parts = listOperands(node);
    let seen = this.directories;
    let lastStart = this.directories;
    parts.forEach((part, index) => {
      if (!part.isNamed) return;
      lastStart = this.directories;
      this.lastChange = undefined;
      this.visit(part, context);
      // visit() sets lastChange; TypeScript cannot see that through the call.
      const change = this.lastChange as { directories: Directories } | undefined;
      if (part.type === 'command' && change && parts[index + 1]?.type === '&&') this.directories = change.directories;
      seen = unionDirectories(seen, this.directories);
    });
    this.directories = seen;
    this.lastPartStart = lastStart;
  }

  /**
   * Each part of a pipeline runs in a subshell; the last may run in this shell (`shopt -s lastpipe`). An
   * `xargs` in a part is fed by the last command of the part before it.
   */
  private pipeline(node: Node, context: Context): void {
    const before = this.directories;
    const outerProducer = this.pipeProducer;
    const parts = node.namedChildren;
    let last: Directories = before;
    let producer: number | undefined;
    parts.forEach((part, index) => {
      this.directories = before;
      this.pipeProducer = producer;
      const start = this.commands.length;
      const after = this.isolated(() => this.visit(part, context));
      producer = this.commands.length > start ? this.commands.length - 1 : undefined;
      if (index === parts.length - 1) last = after;
    });
    this.pipeProducer = outerProducer;
    this.directories = unionDirectories(before, last);
    this.lastPartStart = before;
  }

  /**
   * if/elif/else and case: the conditions (or the case word) run in order, then one branch, each from where
   * the conditions left the shell; afterwards the shell is wherever any branch (or none) left it.
   */
  private branches(node: Node, context: Context): void {
    const conditions = new Set(node.childrenForFieldName('condition').map((child) => child.id));
    const clauses = node.namedChildren.filter((child) => BRANCHES.has(child.type));
    let afterConditions: Directories = this.directories;
    for (const child of node.namedChildren) {
      if (BRANCHES.has(child.type)) continue;
      this.visit(child, context);
      if (conditions.has(child.id) || node.type === 'case_statement') afterConditions = this.directories;
    }
    let outcome = this.directories;
    const hasElse = clauses.some((clause) => clause.type === 'else_clause');
    for (const clause of clauses) {
      this.directories = afterConditions;
      this.visit(clause, context);
      outcome = unionDirectories(outcome, this.directories);
    }
    this.directories = hasElse ? outcome : unionDirectories(outcome, afterConditions);
  }

  /** A loop runs its body any number of times: a `cd` inside makes the directory unknowable there and after it. */
  private loop(node: Node, context: Context): void {
    if (this.tracking && mayChangeDirectory(node.text)) this.directories = undefined;
    for (const child of node.namedChildren) {
      if (node.type === 'c_style_for_statement' && child.type !== 'do_group' && child.type !== 'compound_statement') visitSubstitutions(child, this.visitor(context));
      else this.visit(child, context);
    }
  }

  /** A function body runs wherever it is called from, which a script that changes directories cannot tell. */
  private functionDefinition(node: Node, context: Context): void {
    const changes = this.tracking && mayChangeDirectory(node.text);
    this.isolated(() => {
      if (this.tracking) this.directories = undefined;
      this.visitChildren(node, context);
    });
    if (changes) this.directories = undefined;
  }

  private redirectedStatement(node: Node, context: Context): void {
    const body = node.childForFieldName('body');
    const attached = emptyAttached();
    // tree-sitter reads `cd x && echo > f` as `(cd x && echo) > f`; bash gives the redirect to the last
    // command, which runs where the parts before it left the shell: read the body first, then the redirect there.
    const misread = body?.type === 'list' || body?.type === 'pipeline';
    if (misread) this.visit(body, context);
    const after = this.directories;
    if (misread) this.directories = this.lastPartStart ?? after;
    for (const child of node.children) {
      if (REDIRECT_TYPES.has(child.type)) this.redirect({ node: child, attached, context });
      else if (child.type === '&') this.background = true;
      else if (child.isNamed && child.id !== body?.id) this.visit(child, context);
    }
    this.directories = after;
    if (misread) return;
    if (body?.type === 'command') return this.command({ node: body, attached, context });
    if (attached.extraWords.length > 0) throw new ShellAnalysisAbort('parse-error', 'words after a redirect of a compound command');
    if (body) this.visit(body, context);
  }

  private redirect({ node, attached, context }: { node: Node; attached: Attached; context: Context }): void {
    const read = readRedirect(node, { source: context.source, onSubstitution: this.visitor(context) });
    const redirect = { ...read.redirect, directories: this.directories };
    attached.redirects.push(redirect);
    attached.extraWords.push(...read.extraWords);
    if (read.writes) this.writes.push(redirect);
    if (node.type === 'file_redirect' && /^\d*<>?$/.test(redirect.operator)) this.reads.push(redirect);
    if (node.type !== 'heredoc_redirect') return;
    // tree-sitter hangs what follows `<<EOF` on the same line (`| rm x`, `&& y`, `> out`) under the heredoc.
    for (const child of node.children) {
      if (child.type === '&') this.background = true;
      else if (REDIRECT_TYPES.has(child.type)) this.redirect({ node: child, attached, context });
      else if (child.isNamed && !HEREDOC_PARTS.has(child.type)) this.visit(child, context);
    }
  }

  private command({ node, attached, context }: { node: Node; attached: Attached; context: Context }): void {
    const own: Attached = { redirects: [...attached.redirects], extraWords: [] };
    const { words, assignments } = readCommandWords(node, {
      visitor: this.visitor(context),
      onRedirect: (child) => this.redirect({ node: child, attached: own, context }),
      onChild: (child) => this.visit(child, context),
    });
    words.push(...own.extraWords, ...attached.extraWords);
    this.emit({ words, assignments, redirects: own.redirects }, context);
  }

  /** `FOO=1` alone runs nothing, but changes what later commands see (`PATH=…`): a command with no argv. */
  private bareAssignments(nodes: Node[], context: Context): void {
    const visitor = this.visitor(context);
    this.emit({ words: [], assignments: nodes.map((node) => readAssignment(node, visitor)) }, context);
  }

  private declaration(node: Node, context: Context): void {
    this.emit({ words: readDeclarationWords(node, this.visitor(context)), assignments: [] }, context);
  }

  /** `[ … ]` and `[[ … ]]` run as commands named `[` and `[[`, so rules can name them. */
  private test(node: Node, context: Context): void {
    this.emit({ words: readTestWords(node, this.visitor(context)), assignments: [] }, context);
  }

  private emit(parts: { words: ShellWord[]; assignments: { name: string; value: string; word?: ShellWord }[]; redirects?: ShellRedirect[] }, context: Context): void {
    const directories = this.directories;
    const index = this.commands.length;
    resolveCommand({ words: parts.words, assignments: parts.assignments, redirects: parts.redirects ?? [], origin: context.origin, directories, sink: this.sink(context) });
    const emitted = this.commands[index];
    this.lastChange = emitted && isDirectoryChange(emitted.words) ? { directories: changeDirectory(directories, emitted.words) } : undefined;
    // `cd` may fail: the shell is then where it was.
    if (this.lastChange) this.directories = unionDirectories(directories, this.lastChange.directories);
  }

  private sink(context: Context): CommandSink {
    return {
      add: (command) => {
        // What xargs hands on (appended, or put where `-I R` says) comes from the command feeding the pipe.
        if (this.pipeProducer !== undefined && (command.appendedArguments || command.wrappers.includes('xargs')) && command.inputFrom === undefined) command.inputFrom = this.pipeProducer;
        this.commands.push(command);
        this.signs.noteCommand(command);
        if (this.commands.length > SHELL_LIMITS.maxCommands) {
          throw new ShellAnalysisAbort('too-many-commands', `the command has more than ${SHELL_LIMITS.maxCommands} simple commands`);
        }
        return this.commands.length - 1;
      },
      analyzeBody: (body, directories) => {
        const before = this.directories;
        this.directories = directories;
        this.analyzeSource(body, { ...context, depth: context.depth + 1, origin: 'shell-c' });
        // `eval 'cd x'` moves this shell; `bash -c 'cd x'` does not: assume it may have.
        this.directories = unionDirectories(before, this.directories);
      },
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
