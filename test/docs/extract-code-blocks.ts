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
  /** The block's text, the fence's indentation removed, ending with a newline. */
  code: string;
  /** The marker on the line above the fence (blank lines between allowed); `{ kind: 'check' }` when there is none. */
  marker: SampleMarker;
}

const OPENING_FENCE = /^( {0,3})(`{3,}|~{3,})\s*([^`\s]*)/;
const MARKER_LINE = /^\s*<!--\s*sample:(.*?)-->\s*$/;

/** Reads `root/file` and returns its fenced code blocks in order (an unclosed fence runs to the end, as CommonMark says). */
export function extractCodeBlocks(options: { root: string; file: string }): CodeBlock[] {
  const lines = readFileSync(`${options.root}/${options.file}`, 'utf8').split('\n');
  const blocks: CodeBlock[] = [];
  for (let index = 0; index < lines.length; index++) {
    const opening = OPENING_FENCE.exec(lines[index]!);
    if (!opening) continue;
    const [, indent = '', fence = '', info = ''] = opening;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end++) {
      const text = lines[end]!;
      if (text.trimStart().startsWith(fence[0]!.repeat(fence.length)) && text.trim().replaceAll(fence[0]!, '') === '') break;
      body.push(text.startsWith(indent) ? text.slice(indent.length) : text.trimStart());
    }
    blocks.push({ file: options.file, line: index + 1, language: info.toLowerCase(), code: body.join('\n') + '\n', marker: markerAbove(lines, index) });
    index = end;
  }
  return blocks;
}

function markerAbove(lines: readonly string[], fenceIndex: number): SampleMarker {
  let above = fenceIndex - 1;
  while (above >= 0 && lines[above]!.trim() === '') above--;
  const match = above >= 0 ? MARKER_LINE.exec(lines[above]!) : null;
  return match ? parseSampleMarker(match[1]!) : { kind: 'check' };
}
