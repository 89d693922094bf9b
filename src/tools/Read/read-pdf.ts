import { MAX_PDF_PAGES_PER_REQUEST, MAX_PDF_PAGES_WITHOUT_RANGE } from './limits.ts';
import { parsePageRange } from './parse-page-range.ts';

export interface PdfReadOutput {
  type: 'pdf';
  filePath: string;
  totalPages: number;
  pages: { page: number; text: string }[];
  /** Some pages were not read. */
  partial: boolean;
}

/**
 * Extracts the text of a PDF, page by page (unpdf, i.e. pdf.js). All pages when the document has at most
 * MAX_PDF_PAGES_WITHOUT_RANGE; otherwise `pages` is required. Pages past the end are an error. `bytes` is
 * the file's content.
 */
export async function readPdf(options: { filePath: string; bytes: Uint8Array; pages: string | undefined }): Promise<PdfReadOutput> {
  const { filePath: absolutePath, pages: pagesParameter } = options;
  const bytes = new Uint8Array(options.bytes);
  let pdf;
  try {
    const { getDocumentProxy } = await import('unpdf'); // loaded on the first PDF
    pdf = await getDocumentProxy(bytes);
  } catch (error) {
    throw new Error(`The PDF could not be opened (${(error as Error).message}); it may be corrupt or encrypted.`);
  }
  try {
    const totalPages = pdf.numPages;
    let selected: number[];
    if (pagesParameter === undefined) {
      if (totalPages > MAX_PDF_PAGES_WITHOUT_RANGE) {
        throw new Error(
          `This PDF has ${totalPages} pages, too many to read at once (more than ${MAX_PDF_PAGES_WITHOUT_RANGE}). ` +
            `Use the pages parameter to read specific pages (e.g. pages: "1-5"); at most ${MAX_PDF_PAGES_PER_REQUEST} pages per request.`,
        );
      }
      selected = Array.from({ length: totalPages }, (_, index) => index + 1);
    } else {
      const range = parsePageRange(pagesParameter);
      if (!range.ok) throw new Error(range.message);
      const beyond = range.pages.filter((page) => page > totalPages);
      if (beyond.length > 0) {
        throw new Error(`The PDF has ${totalPages} page${totalPages === 1 ? '' : 's'}; page ${beyond[0]} does not exist. Use pages within 1-${totalPages}.`);
      }
      selected = range.pages;
    }
    const pages: PdfReadOutput['pages'] = [];
    for (const pageNumber of selected) {
      const page = await pdf.getPage(pageNumber);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      pages.push({ page: pageNumber, text: text.trim() });
    }
    return { type: 'pdf', filePath: absolutePath, totalPages, pages, partial: selected.length < totalPages };
  } finally {
    await pdf.destroy();
  }
}

/** The pages as the model reads them, each under a header. */
export function formatPdfPages(output: PdfReadOutput): string {
  const header = `PDF: ${output.filePath} (${output.totalPages} page${output.totalPages === 1 ? '' : 's'}; showing ${output.pages.length === output.totalPages ? 'all' : output.pages.map((page) => page.page).join(', ')})`;
  const body = output.pages.map(
    ({ page, text }) => `--- Page ${page} of ${output.totalPages} ---\n${text || '(no extractable text on this page; it may be a scanned image)'}`,
  );
  return [header, ...body].join('\n\n');
}
