/** Test-only: the fenced code blocks of a Markdown file, each with the `<!-- sample: ... -->` marker above it. */
import { readFileSync } from 'node:fs';
import { parseSampleMarker, type SampleMarker } from './parse-sample-marker.ts';

/** One fenced code block of a Markdown file. */
export interface CodeBlock {
  /** The Markdown file, relative to the repo root (`README.md`, `docs/fleet.md`). */
  file: string;
  /** The 1-based line of the opening fence. */
  line: number;
  /** The info string's first word, lower case; '' when the fence has none. */
  language: string;
  /** The block's text, the fence's indentation (and blockquote markers) removed, ending with a newline. */
  code: string;
  /** The marker on the line above the fence (blank lines between allowed); `{ kind: 'check' }` when there is none. */
  marker: SampleMarker;
}

/** A line with its blockquote markers (`> `) taken off and its leading tabs expanded, as the containers see it. */
interface Line {
  quotes: number;
  text: string;
}

const QUOTE = /^ {0,3}> ?/;
const FENCE = /^( *)(`{3,}|~{3,})\s*([^`\s]*)/;
const LIST_ITEM = /^( *)(?:[-*+]|\d{1,9}[.)])( {1,4}|$)/;
const MARKER_LINE = /^\s*<!--\s*sample:(.*?)-->\s*$/;

/**
 * Reads `root/file` and returns its fenced code blocks in order. A fence counts where Markdown renders one: at the
 * top (indented up to 3 spaces), inside a list item (up to 3 spaces past the item's content column) and inside
 * blockquotes, so no block a reader sees escapes the checks; an indented code block is returned with no language
 * (for the harness to refuse). An unclosed fence runs to the end of its container.
 */
export function extractCodeBlocks(options: { root: string; file: string }): CodeBlock[] {
  const lines = readFileSync(`${options.root}/${options.file}`, 'utf8').split('\n').map(containerLine);
  const blocks: CodeBlock[] = [];
  let lists: number[] = [];
  let quotes = 0;
  for (let index = 0; index < lines.length; index++) {
    const { text } = lines[index]!;
    if (lines[index]!.quotes !== quotes) [lists, quotes] = [[], lines[index]!.quotes];
    if (text.trim() === '') continue;
    const indent = text.length - text.trimStart().length;
    const afterBlank = index === 0 || lines[index - 1]!.text.trim() === '';
    while (lists.length > 0 && indent < lists.at(-1)!) lists.pop();
    // An indented code block (4 spaces past its container, after a blank line): code with no language, which
    // the harness refuses like a fence without one, rather than letting it go unchecked.
    if (afterBlank && indent - (lists.at(-1) ?? 0) >= 4) {
      const column = (lists.at(-1) ?? 0) + 4;
      let end = index;
      while (end < lines.length && lines[end]!.quotes === quotes && (lines[end]!.text.trim() === '' || lines[end]!.text.length - lines[end]!.text.trimStart().length >= column)) end++;
      while (end > index && lines[end - 1]!.text.trim() === '') end--;
      const code = lines.slice(index, end).map((line) => line.text.slice(column)).join('\n');
      blocks.push({ file: options.file, line: index + 1, language: '', code: `${code}\n`, marker: markerAbove(lines, index) });
      index = end - 1;
      continue;
    }
    const item = LIST_ITEM.exec(text);
    const content = item ? item[0].length : indent;
    if (item) lists.push(content);
    // A list item's own line may open a fence (`- ```ts`): its content starts at the item's column.
    const column = lists.at(-1) ?? 0;
    const opening = FENCE.exec(item ? ' '.repeat(content) + text.slice(content) : text);
    if (!opening || opening[1]!.length - column > 3) continue;
    const [, fenceIndent = '', fence = '', info = ''] = opening;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length && lines[end]!.quotes >= quotes; end++) {
      const inner = lines[end]!.text;
      if (isClosingFence(inner, fence, column)) break;
      body.push(inner.startsWith(fenceIndent) ? inner.slice(fenceIndent.length) : inner.trimStart());
    }
    blocks.push({ file: options.file, line: index + 1, language: info.toLowerCase(), code: body.join('\n') + '\n', marker: markerAbove(lines, index) });
    index = end;
  }
  return blocks;
}

function containerLine(raw: string): Line {
  let text = raw.replace(/\r$/, '');
  let quotes = 0;
  for (let quote = QUOTE.exec(text); quote; quote = QUOTE.exec(text)) {
    text = text.slice(quote[0].length);
    quotes++;
  }
  const leading = /^[ \t]*/.exec(text)![0];
  return { quotes, text: leading.replaceAll('\t', '    ') + text.slice(leading.length) };
}

/** A closing fence: the opening's character, at least as many, nothing else, indented up to 3 past its container. */
function isClosingFence(text: string, fence: string, column: number): boolean {
  const indent = text.length - text.trimStart().length;
  const trimmed = text.trim();
  return indent - column <= 3 && trimmed.startsWith(fence[0]!.repeat(fence.length)) && trimmed.replaceAll(fence[0]!, '') === '';
}

function markerAbove(lines: readonly Line[], fenceIndex: number): SampleMarker {
  let above = fenceIndex - 1;
  while (above >= 0 && lines[above]!.text.trim() === '') above--;
  const match = above >= 0 ? MARKER_LINE.exec(lines[above]!.text) : null;
  return match ? parseSampleMarker(match[1]!) : { kind: 'check' };
}
