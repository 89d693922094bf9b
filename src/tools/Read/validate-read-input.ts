import os from 'node:os';
import path from 'node:path';
import { openRegularFile, notRegularFileMessage } from '../../files/open-regular-file.ts';
import type { ToolContext, ValidationResult } from '../../tool/types.ts';
import { sniffFileKind } from './detect-file-kind.ts';
import type { ReadInput } from './input-schema.ts';
import { formatBytes } from '../../files/format-bytes.ts';
import { MAX_DOCUMENT_BYTES } from './limits.ts';
import { parsePageRange } from './parse-page-range.ts';
import { suggestSimilarFile } from './suggest-similar-file.ts';
import { resolveToolPath } from '../../permissions/rules/resolve-path-variants.ts';

/**
 * Read's own checks, before permissions: an absolute path, an existing regular file (a FIFO, device or
 * socket is refused with FILE_NOT_REGULAR before a byte is read), a readable kind, and `pages` only on
 * PDFs (well-formed).
 */
export async function validateReadInput(input: ReadInput, context: ToolContext): Promise<ValidationResult> {
  const filePath = input.file_path;
  if (!path.isAbsolute(filePath)) {
    const suggestion = filePath === '~' || filePath.startsWith('~/') ? path.join(os.homedir(), filePath.slice(1)) : path.resolve(context.cwd, filePath);
    return fail(`file_path must be an absolute path, but got "${filePath}". Use the absolute path instead, e.g. "${suggestion}".`);
  }
  const absolute = resolveToolPath({ path: filePath, cwd: context.cwd });
  let opened;
  try {
    opened = await openRegularFile(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      const similar = await suggestSimilarFile(absolute);
      const hint = similar ? ` Did you mean ${similar}?` : ` Current working directory: ${context.cwd}.`;
      return fail(`File does not exist.${hint}`);
    }
    if (code === 'EACCES' || code === 'EPERM') return fail(`Permission denied: cannot read ${absolute}.`);
    return fail(`Cannot read ${absolute}: ${(error as Error).message}`);
  }
  if (!opened.ok) {
    if (opened.type === 'directory') {
      return fail(`${absolute} is a directory, not a file. Read only reads files: use Glob to find files in it, or ls (through Bash) to list it.`, 'FILE_NOT_REGULAR');
    }
    return fail(notRegularFileMessage(absolute, opened.type), 'FILE_NOT_REGULAR');
  }
  const { handle, stats } = opened;
  let kind;
  try {
    kind = await sniffFileKind(handle, absolute);
  } finally {
    await handle.close();
  }
  if (kind === 'binary') {
    return fail(
      `This tool cannot read binary files: ${absolute} appears to be a binary${path.extname(absolute) ? ` ${path.extname(absolute)}` : ''} file. ` +
        'Read handles text, images (PNG, JPEG, GIF, WebP), PDFs and notebooks; use Bash with a suitable tool (file, xxd, unzip -l, …) for other binaries.',
    );
  }
  if (kind !== 'text' && stats.size > MAX_DOCUMENT_BYTES) {
    return fail(`${absolute} is ${formatBytes(stats.size)}, over the ${formatBytes(MAX_DOCUMENT_BYTES)} Read accepts for a ${kind}.`);
  }
  if (input.pages !== undefined) {
    if (kind !== 'pdf') return fail('The pages parameter applies to PDF files only. For text files use offset and limit.');
    const range = parsePageRange(input.pages);
    if (!range.ok) return fail(range.message);
  }
  return { result: true };
}

function fail(message: string, code?: 'FILE_NOT_REGULAR'): ValidationResult {
  return code ? { result: false, message, code } : { result: false, message };
}
