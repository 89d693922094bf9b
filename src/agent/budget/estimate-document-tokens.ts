import { constants, inflateSync } from 'node:zlib';
import { estimateTextTokens } from '../../model/estimate-text-tokens.ts';
import { IMAGE_TOKENS } from './image-tokens.ts';

/** The most pages the API reads of the documents of one request (100 below a window of a million tokens). */
const MAX_REQUEST_PAGES = 600;
/** How much of the compressed streams of a PDF is inflated to find pages hidden in object streams. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
const PAGE_OBJECT = /\/Type\s*\/Page(?![A-Za-z])/g;
const STREAM = /stream\r?\n/g;

// A PDF is counted once however many requests send it (the same block object, turn after turn).
const counted = new WeakMap<object, number>();

/**
 * A conservative token count of a `document` block. The API reads a PDF as the text of each page and an
 * image of each page, so its size is not its bytes: a PDF of a hundred near-empty pages is 10 KB of base64
 * and bills more than 100,000 tokens. A base64 PDF counts as its bytes read as text plus an image (at most
 * `IMAGE_TOKENS`) per page; a document codev cannot read (by URL, a Files API id) as the most pages a
 * request may carry. A text document, or one of content blocks, counts as its text.
 */
export function estimateDocumentTokens(block: object): number {
  const source = (block as { source?: { type?: unknown; data?: unknown } }).source;
  if (source?.type === 'text' || source?.type === 'content') return estimateTextTokens(JSON.stringify(block));
  let tokens = counted.get(block);
  if (tokens === undefined) {
    const pages = source?.type === 'base64' && typeof source.data === 'string' ? countPdfPages(Buffer.from(source.data, 'base64')) : MAX_REQUEST_PAGES;
    counted.set(block, (tokens = estimateTextTokens(JSON.stringify(block)) + pages * IMAGE_TOKENS));
  }
  return tokens;
}

/**
 * The pages of a PDF, at least: its page objects, read in the file and in the compressed object streams that
 * hold them in PDF 1.5 and later. When none is found (a PDF of another shape), the most a request may carry.
 */
function countPdfPages(bytes: Buffer): number {
  const text = bytes.toString('latin1');
  let pages = text.match(PAGE_OBJECT)?.length ?? 0;
  if (pages > 0) return pages;
  let inflated = 0;
  for (const match of text.matchAll(STREAM)) {
    if (inflated >= MAX_INFLATED_BYTES) break;
    let stream: Buffer;
    try {
      stream = inflateSync(bytes.subarray(match.index + match[0].length), { maxOutputLength: MAX_INFLATED_BYTES - inflated, finishFlush: constants.Z_SYNC_FLUSH });
    } catch {
      continue;
    }
    inflated += stream.length;
    pages += stream.toString('latin1').match(PAGE_OBJECT)?.length ?? 0;
  }
  return pages > 0 ? pages : MAX_REQUEST_PAGES;
}
