import type { FileHandle } from 'node:fs/promises';
import type { ReadInput } from './input-schema.ts';
import { formatBytes } from '../../files/format-bytes.ts';
import { CHARS_PER_TOKEN, DEFAULT_LINE_LIMIT, estimateTokens, maxOutputTokens, MAX_WHOLE_FILE_BYTES } from './limits.ts';
import { readTextLines } from './read-text-lines.ts';

export interface TextReadOutput {
  type: 'text';
  filePath: string;
  /** The numbered lines (`1\tfoo`), joined by newlines. */
  content: string;
  startLine: number;
  numLines: number;
  /** Lines in the file; undefined when the file is too large to count. */
  totalLines: number | undefined;
  /** Part of the file was not shown (offset, limit, a cap, or a cut line). */
  partial: boolean;
  /** A note for the model after the content: empty file, past the end, partial view. */
  notice?: string;
}

/**
 * Reads a text file. Without offset/limit: up to DEFAULT_LINE_LIMIT lines, cut to the output budget (a
 * "first page" with a PARTIAL notice when the file is over MAX_WHOLE_FILE_BYTES or the budget). With an
 * explicit `limit`, a range over the token budget is an error, as in Claude Code: the caller asked for it.
 */
export async function readTextFile(input: ReadInput, file: { path: string; handle: FileHandle; size: number }): Promise<TextReadOutput> {
  const { path: absolutePath, size } = file;
  const startLine = Math.max(1, input.offset ?? 1);
  const maxTokens = maxOutputTokens();
  const tokenBudgetChars = maxTokens * CHARS_PER_TOKEN;
  const wholeFile = input.offset === undefined && input.limit === undefined;
  const strict = input.limit !== undefined;
  const charBudget = strict ? tokenBudgetChars : wholeFile ? Math.min(tokenBudgetChars, MAX_WHOLE_FILE_BYTES) : tokenBudgetChars;
  const result = await readTextLines({ handle: file.handle, size, startLine, maxLines: input.limit ?? DEFAULT_LINE_LIMIT, charBudget });

  if (strict && result.stoppedByBudget) {
    const tokens = Math.ceil(result.requestedChars / CHARS_PER_TOKEN);
    throw new Error(
      `File content (${tokens.toLocaleString('en-US')} tokens) exceeds maximum allowed tokens (${maxTokens.toLocaleString('en-US')}). ` +
        'Use offset and limit parameters to read specific portions of the file, or search for specific content instead of reading the whole file.',
    );
  }

  const base = { type: 'text' as const, filePath: absolutePath, startLine, totalLines: result.totalLines };
  if (result.lines.length === 0) {
    if (result.totalLines === 0 || size === 0) {
      return { ...base, content: '', numLines: 0, partial: false, notice: 'Warning: the file exists but its contents are empty.' };
    }
    return {
      ...base,
      content: '',
      numLines: 0,
      partial: true,
      notice: `Warning: the file exists but is shorter than the provided offset (${startLine}). The file has ${result.totalLines ?? 'fewer'} lines.`,
    };
  }

  const endLine = startLine + result.lines.length - 1;
  const hiddenAfter = result.totalLines === undefined || endLine < result.totalLines;
  const partial = startLine > 1 || hiddenAfter || result.anyLineTruncated;
  const content = result.lines.join('\n');
  const notices: string[] = [];
  if (hiddenAfter) {
    const of = result.totalLines === undefined ? '' : ` of ${result.totalLines.toLocaleString('en-US')}`;
    const why = result.stoppedByBudget
      ? wholeFile && size > MAX_WHOLE_FILE_BYTES
        ? ` (the file is ${formatBytes(size)}, over the ${formatBytes(MAX_WHOLE_FILE_BYTES)} read at once)`
        : ` (a read is capped at about ${maxTokens.toLocaleString('en-US')} tokens; this page is ~${estimateTokens(content).toLocaleString('en-US')})`
      : '';
    notices.push(
      `[Truncated: PARTIAL view — showing lines ${startLine}-${endLine}${of}${why}. ` +
        `To read more, call Read with offset=${endLine + 1} (and a limit), or use Grep to find what you need.]`,
    );
  }
  if (result.anyLineTruncated) notices.push('[Some lines were cut at 2,000 characters; this view is partial. Use Bash (e.g. cut, fold, jq) to see them whole.]');
  return { ...base, content, numLines: result.lines.length, partial, notice: notices.length ? notices.join('\n') : undefined };
}
