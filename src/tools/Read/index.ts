import type { Stats } from 'node:fs';
import { realpath, type FileHandle } from 'node:fs/promises';
import { notRegularFileError, openRegularFile } from '../../files/open-regular-file.ts';
import { readUpTo } from '../../files/read-up-to.ts';
import { realPathOfHandle } from '../../files/real-path-of-handle.ts';
import { checkOpenedFile } from '../../permissions/opened-file-checks.ts';
import { buildBuiltinTool } from '../../tool/build-tool.ts';
import { sniffFileKind } from './detect-file-kind.ts';
import { readInputSchema } from './input-schema.ts';
import { formatBytes } from '../../files/format-bytes.ts';
import { estimateTokens, maxOutputTokens, MAX_DOCUMENT_BYTES } from './limits.ts';
import type { ReadOutput } from './map-read-result.ts';
import { mapReadResult, summarizeRead } from './map-read-result.ts';
import { processImage } from '../../files/media/process-image.ts';
import { DESCRIPTION, PROMPT, READ_TOOL_NAME, SEARCH_HINT } from './prompt.ts';
import { readNotebook } from './read-notebook.ts';
import { formatPdfPages, readPdf } from './read-pdf.ts';
import { readTextFile } from './read-text-file.ts';
import { recordRead } from './record-read.ts';
import { validateReadInput } from './validate-read-input.ts';
import { resolveToolPath } from '../../permissions/rules/resolve-path-variants.ts';

export type { ReadInput } from './input-schema.ts';
import type { ReadInput } from './input-schema.ts';
export type { ReadOutput } from './map-read-result.ts';

/**
 * Read: a file from the local filesystem. Text as numbered lines (`1\tfoo`) (offset/limit, 2,000-line
 * default, first page plus a notice past the caps), images as image blocks (resized when large), PDFs as
 * text per page, notebooks as cells with outputs. Every read is recorded for Edit and Write.
 */
export const readTool = buildBuiltinTool({
  name: READ_TOOL_NAME,
  description: DESCRIPTION,
  searchHint: SEARCH_HINT,
  inputSchema: readInputSchema,
  strict: true,
  maxResultSizeChars: Infinity,
  prompt: () => PROMPT,
  isReadOnly: () => true,
  isConcurrencySafe: () => true,
  validateInput: validateReadInput,
  getPermissionTargets: (input) => [{ kind: 'path', path: input.file_path, access: 'read' }],
  toAutoClassifierInput: (input) => input.file_path,
  getActivityDescription: (input) => (input.file_path ? `Reading ${input.file_path}` : 'Reading a file'),
  renderToolUseMessage: (input) => {
    const range = input.pages ? ` pages ${input.pages}` : input.offset !== undefined || input.limit !== undefined ? ` lines ${input.offset ?? 1}${input.limit ? `-${(input.offset ?? 1) + input.limit - 1}` : '-'}` : '';
    return `${input.file_path ?? ''}${range}`;
  },
  renderToolResultMessage: (output: ReadOutput) => summarizeRead(output),
  mapToolResultToToolResultBlockParam: mapReadResult,
  async call(input, context) {
    // `link/../x` is `x` beside the link's target, as the permission check resolved it.
    const absolutePath = resolveToolPath({ path: input.file_path, cwd: context.cwd });
    // One handle, checked to be a regular file, for everything read: the path may have been swapped for a FIFO since validateInput.
    const opened = await openRegularFile(absolutePath);
    if (!opened.ok) throw notRegularFileError(absolutePath, opened.type);
    const { handle, stats } = opened;
    let output: ReadOutput;
    let real: string | undefined;
    try {
      // The file the kernel opened, not the path: it must be what the permission decision judged.
      real = await realPathOfHandle(handle, absolutePath);
      await checkOpenedFile({ context, requested: absolutePath, real, access: 'read', stats });
      output = await readOpenFile({ input, absolutePath, handle, stats });
    } finally {
      await handle.close();
    }
    const entry = { mtimeMs: stats.mtimeMs, size: stats.size, partial: output.type === 'image' ? false : output.partial };
    recordRead(context, { path: absolutePath, ...entry });
    real ??= await realpath(absolutePath).catch(() => absolutePath);
    if (real !== absolutePath) recordRead(context, { path: real, ...entry }); // Edit also looks records up by real path
    return { data: output };
  },
});

async function readOpenFile(options: { input: ReadInput; absolutePath: string; handle: FileHandle; stats: Stats }): Promise<ReadOutput> {
  const { input, absolutePath, handle, stats } = options;
  const kind = await sniffFileKind(handle, absolutePath);
  switch (kind) {
    case 'image':
      return { type: 'image', filePath: absolutePath, image: await processImage(await readDocument(handle, stats, absolutePath), absolutePath) };
    case 'pdf': {
      const pdf = await readPdf({ filePath: absolutePath, bytes: await readDocument(handle, stats, absolutePath), pages: input.pages });
      const tokens = estimateTokens(formatPdfPages(pdf));
      if (tokens > maxOutputTokens()) {
        throw new Error(
          `PDF text (${tokens.toLocaleString('en-US')} tokens) exceeds maximum allowed tokens (${maxOutputTokens().toLocaleString('en-US')}). Use the pages parameter to read fewer pages at a time.`,
        );
      }
      return pdf;
    }
    case 'notebook':
      return readNotebook({ filePath: absolutePath, source: (await readDocument(handle, stats, absolutePath)).toString('utf8'), offset: input.offset, limit: input.limit });
    case 'text':
      return readTextFile(input, { path: absolutePath, handle, size: stats.size });
    case 'binary':
      throw new Error(`This tool cannot read binary files: ${absolutePath} appears to be binary.`);
  }
}

/** An image, PDF or notebook, whole: at most MAX_DOCUMENT_BYTES (validateInput checked the size; the file may have grown since). */
async function readDocument(handle: FileHandle, stats: Stats, absolutePath: string): Promise<Buffer> {
  const bytes = await readUpTo(handle, MAX_DOCUMENT_BYTES + 1, stats.size);
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new Error(`${absolutePath} is over the ${formatBytes(MAX_DOCUMENT_BYTES)} Read accepts for a document.`);
  return bytes;
}
