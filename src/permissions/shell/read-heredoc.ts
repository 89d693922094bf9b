import type { Node } from 'web-tree-sitter';
import { visitSubstitutions, type SubstitutionVisitor } from './read-word.ts';
import { ShellAnalysisAbort } from './shell-analysis-abort.ts';
import type { ShellRedirect } from './types.ts';

/**
 * Reads a heredoc redirect (`<<EOF`, `<<-EOF`, `<<'EOF'`) and hands the substitutions of an unquoted body to
 * `onSubstitution`; the body itself is data, never commands. tree-sitter-bash gets heredocs wrong in ways
 * this refuses (as a parse error) rather than trusts:
 * - it ends a heredoc at a line that only resembles the delimiter (` EOF`, `EOF `), so the rest of the body
 *   is parsed as commands, where an opening quote could hide the real commands that follow;
 * - it skips substitutions on a body line that starts with blanks (`\t$(rm x)`), or reads `$(("a"))` as a
 *   subshell: every `$(` and backtick of the body must start a substitution tree-sitter found.
 */
export function readHeredoc(node: Node, options: { source: string; onSubstitution: SubstitutionVisitor }): ShellRedirect {
  const operator = node.children.find((child) => !child.isNamed)?.type ?? '<<';
  const start = node.children.find((child) => child.type === 'heredoc_start')?.text ?? '';
  const body = node.children.find((child) => child.type === 'heredoc_body');
  const end = node.children.find((child) => child.type === 'heredoc_end');
  const delimiter = start.replace(/['"\\]/g, '');
  const stripTabs = operator === '<<-';
  if (end) checkEndLine({ source: options.source, end, delimiter, stripTabs });
  const bodyText = body?.text ?? '';
  if (bodyText.split('\n').some((line) => (stripTabs ? line.replace(/^\t+/, '') : line) === delimiter)) {
    throw heredocError('a heredoc runs past its delimiter line');
  }
  const quoted = start !== delimiter;
  if (body && !quoted) {
    const parsed = new Set(body.descendantsOfType(['command_substitution', 'arithmetic_expansion']).map((child) => child.startIndex - body.startIndex));
    if (substitutionOffsets(bodyText).some((offset) => !parsed.has(offset))) {
      throw heredocError('a command substitution in a heredoc could not be read; start the line with text or quote the delimiter');
    }
    visitSubstitutions(body, options.onSubstitution);
  }
  const lines = bodyText.split('\n').map((line) => (stripTabs ? line.replace(/^\t+/, '') : line)).join('\n');
  const content = quoted ? { text: lines, static: true } : { text: lines.replace(/\\([$`\\])/g, '$1'), static: !/[$`]/.test(lines.replace(/\\[$`\\]/g, '')) };
  return { operator, target: delimiter, static: true, content };
}

function checkEndLine(options: { source: string; end: Node; delimiter: string; stripTabs: boolean }): void {
  const { source, end, delimiter, stripTabs } = options;
  const lineStart = source.lastIndexOf('\n', end.startIndex - 1) + 1;
  const newline = source.indexOf('\n', end.startIndex);
  const line = source.slice(lineStart, newline === -1 ? source.length : newline);
  if ((stripTabs ? line.replace(/^\t+/, '') : line) !== delimiter) throw heredocError(`a heredoc ends at a line that is not exactly "${delimiter}"`);
}

/** Where `$(` and opening backticks are in a heredoc body, skipping backslash escapes. */
function substitutionOffsets(text: string): number[] {
  const offsets: number[] = [];
  let insideBackticks = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index];
    if (character === '\\') index++;
    else if (character === '$' && text[index + 1] === '(') offsets.push(index);
    else if (character === '`') {
      if (!insideBackticks) offsets.push(index);
      insideBackticks = !insideBackticks;
    }
  }
  return offsets;
}

function heredocError(message: string): ShellAnalysisAbort {
  return new ShellAnalysisAbort('parse-error', message);
}
