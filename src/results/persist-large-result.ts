import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ToolResultBlockParam } from '../tool/types.ts';
import { hasMediaBlocks, resultSize } from './result-size.ts';

/** How much of a persisted result the model sees inline. */
export const PREVIEW_CHARS = 2_000;

/**
 * Saves a result too large to send (over `threshold` characters) to
 * `<sessionDirectory>/tool-results/<toolUseId>.txt` (or `.json` for block lists), and returns a block holding
 * a preview and the path, so nothing is lost and the model can Read the rest. Smaller results, results with
 * images or documents, and an `Infinity` threshold are returned unchanged.
 */
export async function persistLargeResult(options: {
  block: ToolResultBlockParam;
  threshold: number;
  sessionDirectory: string;
}): Promise<{ block: ToolResultBlockParam; persistedPath?: string }> {
  const { block, threshold } = options;
  const size = resultSize(block);
  if (!Number.isFinite(threshold) || size <= threshold || hasMediaBlocks(block)) return { block };
  const text = typeof block.content === 'string' ? block.content : block.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  const isJson = typeof block.content !== 'string';
  const directory = path.join(options.sessionDirectory, 'tool-results');
  await mkdir(directory, { recursive: true });
  const file = path.join(directory, `${safeFileName(block.tool_use_id)}.${isJson ? 'json' : 'txt'}`);
  try {
    await writeFile(file, isJson ? JSON.stringify(block.content, null, 2) : text, { flag: 'wx' });
  } catch (error) {
    // The same tool_use id persisted twice (a retried call) keeps the first file: it is what the model saw.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
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

function safeFileName(toolUseId: string): string {
  return toolUseId.replace(/[^A-Za-z0-9_-]/g, '_') || 'result';
}
