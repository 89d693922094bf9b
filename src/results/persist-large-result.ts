import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolResultBlockParam } from '../tool/types.ts';
import { ensureSessionDirectory } from '../session/ensure-session-directory.ts';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../session/private-modes.ts';
import { hasMediaBlocks, resultSize } from './result-size.ts';

/** How much of a persisted result the model sees inline. */
export const PREVIEW_CHARS = 2_000;

/**
 * Saves a result too large to send (over `threshold` characters) to
 * `<sessionDirectory>/tool-results/<toolUseId>.txt` (or `resultsDirectory`; `.json` for block lists; readable by its owner only),
 * and returns a block holding a preview and the path, so nothing is lost and the model can Read the rest.
 * Each result gets a file of its own: when the name is taken (a proxy that reuses tool_use ids), the next
 * free `<toolUseId>-2.txt`, `-3`... is used. Smaller results, results with images or documents, and an
 * `Infinity` threshold are returned unchanged.
 */
export async function persistLargeResult(options: {
  block: ToolResultBlockParam;
  threshold: number;
  sessionDirectory: string;
  /** A folder of their own for the files (see `ToolContext.resultsDirectory`); default `<sessionDirectory>/tool-results`. */
  resultsDirectory?: string;
}): Promise<{ block: ToolResultBlockParam; persistedPath?: string }> {
  const { block, threshold } = options;
  const size = resultSize(block);
  if (!Number.isFinite(threshold) || size <= threshold || hasMediaBlocks(block)) return { block };
  const text = typeof block.content === 'string' ? block.content : block.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  const isJson = typeof block.content !== 'string';
  if (options.resultsDirectory === undefined) await ensureSessionDirectory(options.sessionDirectory);
  const directory = options.resultsDirectory ?? path.join(options.sessionDirectory, 'tool-results');
  await mkdir(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  const file = await writeNewFile({ directory, name: safeFileName(block.tool_use_id), extension: isJson ? 'json' : 'txt', data: isJson ? JSON.stringify(block.content, null, 2) : text });
  const content = [
    '<persisted-output>',
    `Output too large (${formatSize(size)}). Full output saved to: ${file}`,
    '',
    `Preview (first ${formatSize(PREVIEW_CHARS)}):`,
    preview(text),
    '</persisted-output>',
  ].join('\n');
  return { block: { ...block, content }, persistedPath: file };
}

function preview(text: string): string {
  const head = text.slice(0, PREVIEW_CHARS);
  const newline = head.lastIndexOf('\n');
  return newline > PREVIEW_CHARS / 2 ? head.slice(0, newline) : head;
}

function formatSize(chars: number): string {
  if (chars < 1024) return `${chars} chars`;
  if (chars < 1024 * 1024) return `${(chars / 1024).toFixed(1)}KB`;
  return `${(chars / 1024 / 1024).toFixed(1)}MB`;
}

/** Writes `data` to `<name>.<extension>` in `directory`, or to the first free `<name>-<n>.<extension>`; returns the path. */
async function writeNewFile(options: { directory: string; name: string; extension: string; data: string }): Promise<string> {
  for (let number = 1; ; number++) {
    const file = path.join(options.directory, `${options.name}${number === 1 ? '' : `-${number}`}.${options.extension}`);
    try {
      await writeFile(file, options.data, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

function safeFileName(toolUseId: string): string {
  return toolUseId.replace(/[^A-Za-z0-9_-]/g, '_') || 'result';
}
