import type { Node } from 'web-tree-sitter';
import { decodeAnsiCString } from './decode-ansi-c-string.ts';
import { ShellAnalysisAbort } from './shell-analysis-abort.ts';
import type { ShellWord } from './types.ts';

/** Called for each `$(…)`, backtick, `<(…)` or `>(…)` found inside a word, so its commands are analyzed too. */
export type SubstitutionVisitor = (node: Node) => void;

const SUBSTITUTIONS = new Set(['command_substitution', 'process_substitution']);
const BRACE_EXPANSION = /\{[^{}]*(?:,|\.\.)[^{}]*\}/;
const QUOTED = '\u0000';
/** Characters that always end an unquoted bash word. */
const METACHARACTERS = new Set([' ', '\t', '\n', '|', '&', ';', '(', ')', '<', '>']);

interface WordBuilder {
  value: string;
  /** The unquoted characters as written, every quoted or escaped one replaced by a NUL: brace detection. */
  skeleton: string;
  dynamic: boolean;
  glob: boolean;
  userTilde: boolean;
  processSubstitution: boolean;
  onSubstitution: SubstitutionVisitor;
}

/**
 * Unquotes one shell word (a tree-sitter argument node): quotes, `$'…'`, backslashes and concatenations
 * (`r'm'` → `rm`, `\rm` → `rm`). Expansions keep their source text and mark the word dynamic; substitutions
 * inside are handed to `onSubstitution`. Throws {@link ShellAnalysisAbort} for a word bash would have split.
 */
export function readWord(node: Node, onSubstitution: SubstitutionVisitor): ShellWord {
  const builder: WordBuilder = { value: '', skeleton: '', dynamic: false, glob: false, userTilde: false, processSubstitution: false, onSubstitution };
  append(node, builder);
  if (BRACE_EXPANSION.test(builder.skeleton)) builder.dynamic = true;
  const { value, dynamic, glob, userTilde, processSubstitution } = builder;
  return { value, dynamic, glob, userTilde, processSubstitution };
}

/** A word with a known value and nothing special in it. */
export function literalWord(value: string): ShellWord {
  return { value, dynamic: false, glob: false, userTilde: false, processSubstitution: false };
}

/** Two words written with nothing between them, which bash reads as one. */
export function joinWords(left: ShellWord, right: ShellWord): ShellWord {
  return {
    value: left.value + right.value,
    dynamic: left.dynamic || right.dynamic,
    glob: left.glob || right.glob,
    userTilde: left.userTilde,
    processSubstitution: left.processSubstitution || right.processSubstitution,
  };
}

/** Hands every substitution below `node` to `onSubstitution` (used for parts whose value is not needed). */
export function visitSubstitutions(node: Node, onSubstitution: SubstitutionVisitor): void {
  for (const child of node.namedChildren) {
    if (SUBSTITUTIONS.has(child.type)) onSubstitution(child);
    else visitSubstitutions(child, onSubstitution);
  }
}

function append(node: Node, builder: WordBuilder): void {
  switch (node.type) {
    case 'word':
      appendUnquoted(node.text, builder);
      return;
    case 'number':
    case 'variable_name':
    case 'test_operator':
    case 'regex':
    case 'file_descriptor':
      appendLiteral(node.text, builder);
      return;
    case 'raw_string':
      appendQuoted(node.text.slice(1, -1), builder);
      return;
    case 'ansi_c_string':
      appendQuoted(decodeAnsiCString(node.text), builder);
      return;
    case 'string':
      appendDoubleQuoted(node, builder);
      return;
    case 'concatenation':
      for (const child of node.children) append(child, builder);
      return;
    case 'translated_string':
      // `$"…"`: the `$` only asks for a locale translation.
      for (const child of node.namedChildren) append(child, builder);
      return;
    case 'command_substitution':
      appendDynamic(node.text, builder);
      builder.onSubstitution(node);
      return;
    case 'process_substitution':
      appendQuoted(node.text, builder);
      builder.processSubstitution = true;
      builder.onSubstitution(node);
      return;
    default:
      if (!node.isNamed) {
        appendLiteral(node.text, builder);
        return;
      }
      // Expansions, arithmetic, brace expressions and anything unknown: the value is only known at run time.
      appendDynamic(node.text, builder);
      visitSubstitutions(node, builder.onSubstitution);
  }
}

function appendDoubleQuoted(node: Node, builder: WordBuilder): void {
  for (const child of node.children) {
    if (child.type === '"') continue;
    if (child.type === 'string_content') appendQuoted(unescapeDoubleQuoted(child.text), builder);
    else if (!child.isNamed) appendQuoted(child.text, builder);
    else if (child.type === 'command_substitution') {
      appendDynamic(child.text, builder);
      builder.onSubstitution(child);
    } else {
      appendDynamic(child.text, builder);
      visitSubstitutions(child, builder.onSubstitution);
    }
  }
}

function appendUnquoted(raw: string, builder: WordBuilder): void {
  // `~user`, and `~+` ($PWD), `~-` ($OLDPWD), `~N`/`~+N`/`~-N` (the directory stack): known only at run time.
  if (builder.value === '' && /^~(?:[A-Za-z_]|[+-]?\d*(?:\/|$))/.test(raw) && raw !== '~' && !raw.startsWith('~/')) builder.userTilde = true;
  for (let index = 0; index < raw.length; index++) {
    const character = raw[index]!;
    if (character === '\\' && index + 1 < raw.length) {
      index++;
      if (raw[index] === '\n') continue;
      builder.value += raw[index];
      builder.skeleton += QUOTED;
      continue;
    }
    if (METACHARACTERS.has(character)) {
      // tree-sitter-bash lexes a newline followed by `\x` into one word (`c\n\rm x` becomes `c` with the
      // argument "\n\rm"), which would hide a whole command.
      throw new ShellAnalysisAbort('parse-error', `the parser misread ${JSON.stringify(raw)} as one word`);
    }
    if (character === '*' || character === '?' || character === '[') builder.glob = true;
    builder.value += character;
    builder.skeleton += character;
  }
}

function appendLiteral(text: string, builder: WordBuilder): void {
  builder.value += text;
  builder.skeleton += text;
}

function appendQuoted(text: string, builder: WordBuilder): void {
  builder.value += text;
  builder.skeleton += QUOTED.repeat(text.length);
}

function appendDynamic(text: string, builder: WordBuilder): void {
  builder.dynamic = true;
  builder.value += text;
  builder.skeleton += QUOTED;
}

/** Inside double quotes a backslash only escapes `$`, backtick, `"`, `\` and a newline. */
function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_match, character: string) => (character === '\n' ? '' : character));
}
