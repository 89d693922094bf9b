import type { ToolResultBlockParam, ToolResultContentBlock } from '../../tool/types.ts';
import type { ProcessedImage } from '../../files/media/process-image.ts';
import { describeImage } from '../../files/media/process-image.ts';
import type { NotebookReadOutput } from './read-notebook.ts';
import type { PdfReadOutput } from './read-pdf.ts';
import { formatPdfPages } from './read-pdf.ts';
import type { TextReadOutput } from './read-text-file.ts';

export interface ImageReadOutput {
  type: 'image';
  filePath: string;
  image: ProcessedImage;
}

/** What Read's `call()` returns; the mapper below turns it into the blocks the model reads. */
export type ReadOutput = TextReadOutput | ImageReadOutput | PdfReadOutput | NotebookReadOutput;

/** The `tool_result` of a read: text as a string, images and notebooks as content blocks. */
export function mapReadResult(output: ReadOutput, toolUseId: string): ToolResultBlockParam {
  return { type: 'tool_result', tool_use_id: toolUseId, content: toContent(output) };
}

function toContent(output: ReadOutput): string | ToolResultContentBlock[] {
  switch (output.type) {
    case 'text':
      return [output.content, output.notice].filter((part) => part !== undefined && part !== '').join('\n\n');
    case 'pdf':
      return formatPdfPages(output);
    case 'image':
      return [
        { type: 'text', text: `Image: ${output.filePath} (${describeImage(output.image)})` },
        { type: 'image', source: { type: 'base64', media_type: output.image.mediaType, data: output.image.data } },
      ];
    case 'notebook': {
      const blocks: ToolResultContentBlock[] = [
        { type: 'text', text: `Notebook: ${output.filePath} (${output.totalCells} cell${output.totalCells === 1 ? '' : 's'}, ${output.language})` },
      ];
      for (const cell of output.cells) {
        blocks.push({ type: 'text', text: cell.text }, ...cell.images);
      }
      if (output.notice) blocks.push({ type: 'text', text: output.notice });
      return blocks;
    }
  }
}

/** A short summary for the UI, e.g. "Read 120 lines", "Read image (800×600)". */
export function summarizeRead(output: ReadOutput): string {
  switch (output.type) {
    case 'text':
      return `Read ${output.numLines} line${output.numLines === 1 ? '' : 's'}${output.partial ? ' (partial)' : ''}`;
    case 'pdf':
      return `Read ${output.pages.length} of ${output.totalPages} PDF page${output.totalPages === 1 ? '' : 's'}`;
    case 'image':
      return `Read image (${output.image.width}×${output.image.height}${output.image.resized ? ', resized' : ''})`;
    case 'notebook':
      return `Read ${output.cells.length} of ${output.totalCells} notebook cells`;
  }
}
