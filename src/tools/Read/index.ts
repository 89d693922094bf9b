import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildTool } from '../../tool/build-tool.ts';
import { readFileKind } from './detect-file-kind.ts';
import { readInputSchema } from './input-schema.ts';
import { estimateTokens, maxOutputTokens } from './limits.ts';
import type { ReadOutput } from './map-read-result.ts';
import { mapReadResult, summarizeRead } from './map-read-result.ts';
import { processImage } from './process-image.ts';
import { DESCRIPTION, PROMPT, READ_TOOL_NAME, SEARCH_HINT } from './prompt.ts';
import { readNotebook } from './read-notebook.ts';
import { formatPdfPages, readPdf } from './read-pdf.ts';
import { readTextFile } from './read-text-file.ts';
import { recordRead } from './record-read.ts';
import { validateReadInput } from './validate-read-input.ts';

export type { ReadInput } from './input-schema.ts';
export type { ReadOutput } from './map-read-result.ts';

/**
 * Read: a file from the local filesystem. Text as `cat -n` numbered lines (offset/limit, 2,000-line
 * default, first page plus a notice past the caps), images as image blocks (resized when large), PDFs as
 * text per page, notebooks as cells with outputs. Every read is recorded for Edit and Write.
 */
export const readTool = buildTool({
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
  getPermissionTargets: (input) => [{ kind: 'path', path: path.resolve(input.file_path), access: 'read' }],
  toAutoClassifierInput: (input) => input.file_path,
  getActivityDescription: (input) => (input.file_path ? `Reading ${input.file_path}` : 'Reading a file'),
  renderToolUseMessage: (input) => {
    const range = input.pages ? ` pages ${input.pages}` : input.offset !== undefined || input.limit !== undefined ? ` lines ${input.offset ?? 1}${input.limit ? `-${(input.offset ?? 1) + input.limit - 1}` : '-'}` : '';
    return `${input.file_path ?? ''}${range}`;
  },
  renderToolResultMessage: (output: ReadOutput) => summarizeRead(output),
  mapToolResultToToolResultBlockParam: mapReadResult,
  async call(input, context) {
    const absolutePath = path.resolve(input.file_path);
    const stats = await stat(absolutePath);
    const kind = await readFileKind(absolutePath);
    let output: ReadOutput;
    switch (kind) {
      case 'image':
        output = { type: 'image', filePath: absolutePath, image: await processImage(await readFile(absolutePath)) };
        break;
      case 'pdf': {
        const pdf = await readPdf(absolutePath, input.pages);
        const tokens = estimateTokens(formatPdfPages(pdf));
        if (tokens > maxOutputTokens()) {
          throw new Error(
            `PDF text (${tokens.toLocaleString('en-US')} tokens) exceeds maximum allowed tokens (${maxOutputTokens().toLocaleString('en-US')}). Use the pages parameter to read fewer pages at a time.`,
          );
        }
        output = pdf;
        break;
      }
      case 'notebook':
        output = await readNotebook(absolutePath, input.offset, input.limit);
        break;
      case 'text':
        output = await readTextFile(input, absolutePath, stats.size);
        break;
      case 'binary':
        throw new Error(`This tool cannot read binary files: ${absolutePath} appears to be binary.`);
    }
    const entry = { mtimeMs: stats.mtimeMs, size: stats.size, partial: output.type === 'image' ? false : output.partial };
    recordRead(context, { path: absolutePath, ...entry });
    const real = await realpath(absolutePath).catch(() => absolutePath);
    if (real !== absolutePath) recordRead(context, { path: real, ...entry }); // Edit also looks records up by real path
    return { data: output };
  },
});
