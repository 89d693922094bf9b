import type { ToolResultContentBlock } from '../../tool/types.ts';
import { CHARS_PER_TOKEN, maxOutputTokens, MAX_NOTEBOOK_OUTPUT_CHARS } from './limits.ts';
import { processImage } from '../../files/media/process-image.ts';

export interface NotebookCellView {
  /** 1-based position in the notebook. */
  index: number;
  /** The cell's text: a header line, the source, then its outputs. */
  text: string;
  /** Images from the cell's outputs, ready to send. */
  images: Extract<ToolResultContentBlock, { type: 'image' }>[];
}

export interface NotebookReadOutput {
  type: 'notebook';
  filePath: string;
  language: string;
  totalCells: number;
  cells: NotebookCellView[];
  partial: boolean;
  notice?: string;
}

type Json = Record<string, unknown>;

/**
 * Reads a Jupyter notebook as its cells: type, source and outputs (text/plain, streams, errors as
 * ename/evalue/traceback; PNG and JPEG outputs as image blocks). `offset`/`limit` select cells (1-based);
 * without them, cells are shown until the output budget, with a PARTIAL notice for the rest. `source` is
 * the file's content.
 */
export async function readNotebook(options: { filePath: string; source: string; offset: number | undefined; limit: number | undefined }): Promise<NotebookReadOutput> {
  const { filePath: absolutePath, offset, limit } = options;
  let notebook: Json;
  try {
    notebook = JSON.parse(options.source) as Json;
  } catch (error) {
    throw new Error(`The notebook is not valid JSON (${(error as Error).message}). Read it without the .ipynb handling through Bash (cat) if needed.`);
  }
  const rawCells = Array.isArray(notebook.cells) ? (notebook.cells as Json[]) : [];
  const metadata = (notebook.metadata ?? {}) as Json;
  const language = String(((metadata.language_info ?? {}) as Json).name ?? ((metadata.kernelspec ?? {}) as Json).language ?? 'python');
  const first = Math.max(1, offset ?? 1);
  const last = limit === undefined ? rawCells.length : Math.min(rawCells.length, first + limit - 1);
  const budget = maxOutputTokens() * CHARS_PER_TOKEN;
  const cells: NotebookCellView[] = [];
  let chars = 0;
  let stoppedByBudget = false;
  let anyCut = false;
  for (let index = first; index <= last; index++) {
    const cell = await renderCell(rawCells[index - 1]!, index, language);
    anyCut ||= cell.cut;
    if (cells.length > 0 && chars + cell.view.text.length > budget) {
      stoppedByBudget = true;
      break;
    }
    cells.push(cell.view);
    chars += cell.view.text.length;
  }
  const shownLast = first + cells.length - 1;
  const partial = first > 1 || shownLast < rawCells.length || anyCut;
  const notices: string[] = [];
  if (rawCells.length === 0) notices.push('Warning: the notebook has no cells.');
  else if (cells.length === 0) notices.push(`Warning: the notebook has ${rawCells.length} cells; offset ${first} is past the last one.`);
  else if (shownLast < rawCells.length) {
    notices.push(
      `[Truncated: PARTIAL view — showing cells ${first}-${shownLast} of ${rawCells.length}${stoppedByBudget ? ` (a read is capped at about ${maxOutputTokens().toLocaleString('en-US')} tokens)` : ''}. ` +
        `To read more, call Read with offset=${shownLast + 1} (offset and limit count cells in a notebook).]`,
    );
  }
  if (anyCut) notices.push(`[Some outputs were cut at ${MAX_NOTEBOOK_OUTPUT_CHARS.toLocaleString('en-US')} characters.]`);
  return { type: 'notebook', filePath: absolutePath, language, totalCells: rawCells.length, cells, partial, notice: notices.length ? notices.join('\n') : undefined };
}

async function renderCell(cell: Json, index: number, language: string): Promise<{ view: NotebookCellView; cut: boolean }> {
  const type = String(cell.cell_type ?? 'code');
  const attributes = [`type=${type}`];
  if (typeof cell.id === 'string') attributes.push(`id=${cell.id}`);
  if (type === 'code' && typeof cell.execution_count === 'number') attributes.push(`execution_count=${cell.execution_count}`);
  const source = joinText(cell.source);
  const fence = type === 'code' ? language : type === 'markdown' ? 'markdown' : '';
  const parts = [`<cell ${index} ${attributes.join(' ')}>`, `\`\`\`${fence}\n${source}\n\`\`\``];
  const rawImages: { mediaType: string; data: string }[] = [];
  let cut = false;
  const outputs = Array.isArray(cell.outputs) ? (cell.outputs as Json[]) : [];
  outputs.forEach((output, outputIndex) => {
    const rendered = renderOutput(output);
    if (rendered.text !== undefined) {
      const limited = limitText(rendered.text);
      cut ||= limited.cut;
      parts.push(`Output ${outputIndex + 1} (${rendered.label}):\n${limited.text}`);
    }
    rawImages.push(...rendered.images);
  });
  const imageBlocks: NotebookCellView['images'] = [];
  for (const image of rawImages) {
    try {
      const processed = await processImage(Buffer.from(image.data, 'base64'));
      imageBlocks.push({ type: 'image', source: { type: 'base64', media_type: processed.mediaType, data: processed.data } });
      parts.push(`[image output: ${processed.width}×${processed.height}${processed.resized ? ', resized' : ''}]`);
    } catch (error) {
      parts.push(`[image output (${image.mediaType}) could not be decoded: ${(error as Error).message}]`);
    }
  }
  parts.push(`</cell ${index}>`);
  return { view: { index, text: parts.join('\n'), images: imageBlocks }, cut };
}

function renderOutput(output: Json): { label: string; text?: string; images: { mediaType: string; data: string }[] } {
  const kind = String(output.output_type ?? 'unknown');
  if (kind === 'stream') return { label: `stream ${String(output.name ?? 'stdout')}`, text: joinText(output.text), images: [] };
  if (kind === 'error') {
    const traceback = Array.isArray(output.traceback) ? stripAnsi((output.traceback as unknown[]).map(String).join('\n')) : '';
    return { label: 'error', text: `${String(output.ename ?? 'Error')}: ${String(output.evalue ?? '')}${traceback ? `\n${traceback}` : ''}`, images: [] };
  }
  if (kind === 'execute_result' || kind === 'display_data') {
    const data = (output.data ?? {}) as Json;
    const images: { mediaType: string; data: string }[] = [];
    for (const mediaType of ['image/png', 'image/jpeg']) {
      if (data[mediaType] !== undefined) images.push({ mediaType, data: joinText(data[mediaType]).replace(/\s+/g, '') });
    }
    const text = data['text/plain'] !== undefined ? joinText(data['text/plain']) : undefined;
    const label = kind === 'execute_result' ? 'result' : 'display';
    if (text === undefined && images.length === 0) {
      const types = Object.keys(data).join(', ') || 'nothing';
      return { label, text: `[no text/plain; mime types: ${types}]`, images };
    }
    return { label, text: images.length > 0 && text !== undefined && /^<Figure size/.test(text) ? undefined : text, images };
  }
  return { label: kind, text: undefined, images: [] };
}

/** A notebook string field: a string or a list of strings. */
function joinText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join('');
  return value === undefined || value === null ? '' : String(value);
}

function limitText(text: string): { text: string; cut: boolean } {
  const trimmed = text.replace(/\n$/, '');
  if (trimmed.length <= MAX_NOTEBOOK_OUTPUT_CHARS) return { text: trimmed, cut: false };
  return { text: `${trimmed.slice(0, MAX_NOTEBOOK_OUTPUT_CHARS)}… [output truncated: ${trimmed.length.toLocaleString('en-US')} chars]`, cut: true };
}

function stripAnsi(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
}
