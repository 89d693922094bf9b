import { MAX_LINE_CHARS } from './prompt.ts';
import type { FileHits, GrepMode } from './types.ts';

/** What a Grep call returns. */
export interface GrepOutput {
  mode: GrepMode;
  /** The files shown (after offset/head_limit in files_with_matches and count mode; all files with shown lines in content mode). */
  filenames: string[];
  numFiles: number;
  /** content mode: the output lines shown (joined in `content`). count mode: the `path:count` lines. */
  content?: string;
  numLines?: number;
  /** count mode: matching lines across all files. */
  numMatches?: number;
  /** Set when head_limit cut the results. */
  appliedLimit?: number;
  /** Set when offset skipped entries. */
  appliedOffset?: number;
  /** The search itself stopped early (timeout or output cap): results are partial. */
  truncated: boolean;
}

function paginate<T>(items: readonly T[], limit: number, offset: number): { items: T[]; appliedLimit?: number; appliedOffset?: number } {
  const rest = items.slice(offset);
  const cut = limit > 0 && rest.length > limit;
  return { items: cut ? rest.slice(0, limit) : rest, appliedLimit: cut ? limit : undefined, appliedOffset: offset > 0 ? offset : undefined };
}

function clip(text: string): string {
  const line = text.replace(/\r$/, '');
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)} [... line truncated]` : line;
}

/** Builds the output of a mode from the hits (already permission-filtered and ordered). */
export function formatHits(options: {
  mode: GrepMode;
  hits: readonly FileHits[];
  headLimit: number;
  offset: number;
  lineNumbers: boolean;
  separators: boolean;
  truncated: boolean;
}): GrepOutput {
  const { mode, hits, headLimit, offset, truncated } = options;
  if (mode === 'files_with_matches') {
    const page = paginate(hits.map((hit) => hit.file), headLimit, offset);
    return { mode, filenames: page.items, numFiles: page.items.length, appliedLimit: page.appliedLimit, appliedOffset: page.appliedOffset, truncated };
  }
  if (mode === 'count') {
    const page = paginate(hits, headLimit, offset);
    const numMatches = page.items.reduce((sum, hit) => sum + hit.count, 0);
    return {
      mode,
      filenames: page.items.map((hit) => hit.file),
      numFiles: page.items.length,
      content: page.items.map((hit) => `${hit.file}:${hit.count}`).join('\n'),
      numMatches,
      appliedLimit: page.appliedLimit,
      appliedOffset: page.appliedOffset,
      truncated,
    };
  }
  const lines: { file: string; text: string }[] = [];
  hits.forEach((hit, fileIndex) => {
    if (options.separators && fileIndex > 0) lines.push({ file: '', text: '--' });
    let previous: number | undefined;
    for (const line of hit.lines) {
      if (options.separators && previous !== undefined && line.number > previous + 1) lines.push({ file: '', text: '--' });
      const mark = line.match ? ':' : '-';
      lines.push({ file: hit.file, text: options.lineNumbers ? `${hit.file}${mark}${line.number}${mark}${clip(line.text)}` : `${hit.file}${mark}${clip(line.text)}` });
      previous = line.number;
    }
  });
  const page = paginate(lines, headLimit, offset);
  while (page.items[0]?.text === '--' && page.items[0].file === '') page.items.shift();
  while (page.items.at(-1)?.text === '--' && page.items.at(-1)!.file === '') page.items.pop();
  const filenames = [...new Set(page.items.map((line) => line.file).filter(Boolean))];
  return {
    mode,
    filenames,
    numFiles: filenames.length,
    content: page.items.map((line) => line.text).join('\n'),
    numLines: page.items.length,
    appliedLimit: page.appliedLimit,
    appliedOffset: page.appliedOffset,
    truncated,
  };
}

/** The text the model reads. */
export function grepResultText(output: GrepOutput): string {
  const pagination =
    output.appliedLimit !== undefined || output.appliedOffset !== undefined
      ? `[Showing results with pagination = ${[output.appliedLimit !== undefined ? `limit: ${output.appliedLimit}` : '', output.appliedOffset !== undefined ? `offset: ${output.appliedOffset}` : ''].filter(Boolean).join(', ')}]`
      : '';
  const partial = output.truncated ? '(The search stopped early, so results are partial. Use a more specific path, glob or pattern.)' : '';
  const tail = (text: string) => [text, pagination, partial].filter(Boolean).join('\n\n');
  if (output.mode === 'files_with_matches') {
    if (output.numFiles === 0) return tail('No files found');
    return tail(`Found ${output.numFiles} ${output.numFiles === 1 ? 'file' : 'files'}\n${output.filenames.join('\n')}`);
  }
  if (output.mode === 'count') {
    if (output.numFiles === 0) return tail('No matches found');
    const matches = output.numMatches ?? 0;
    return tail(`${output.content}\n\nFound ${matches} total ${matches === 1 ? 'match' : 'matches'} across ${output.numFiles} ${output.numFiles === 1 ? 'file' : 'files'}.`);
  }
  return tail(output.content ? output.content : 'No matches found');
}
