import { MAX_PDF_PAGES_PER_REQUEST } from './limits.ts';

export type PageRange = { ok: true; pages: number[] } | { ok: false; message: string };

/**
 * Parses `pages` ("3", "1-5", "1,3,7-9"; 1-based, inclusive) into sorted, distinct page numbers. Refuses
 * malformed text, reversed ranges and more than MAX_PDF_PAGES_PER_REQUEST pages. Page counts are checked later.
 */
export function parsePageRange(text: string): PageRange {
  const pages = new Set<number>();
  const parts = text.split(',').map((part) => part.trim());
  for (const part of parts) {
    const match = /^(\d+)(?:\s*-\s*(\d+))?$/.exec(part);
    if (!match) return invalid(text, `"${part}" is not a page or a range`);
    const first = Number(match[1]);
    const last = match[2] === undefined ? first : Number(match[2]);
    if (first < 1) return invalid(text, 'pages start at 1');
    if (last < first) return invalid(text, `the range "${part}" ends before it starts`);
    if (last - first + 1 > MAX_PDF_PAGES_PER_REQUEST) return tooMany(text);
    for (let page = first; page <= last; page++) pages.add(page);
    if (pages.size > MAX_PDF_PAGES_PER_REQUEST) return tooMany(text);
  }
  return { ok: true, pages: [...pages].sort((a, b) => a - b) };
}

function invalid(text: string, reason: string): PageRange {
  return { ok: false, message: `Invalid pages parameter "${text}": ${reason}. Use a page ("3"), a range ("1-5") or a list ("1,3,7-9").` };
}

function tooMany(text: string): PageRange {
  return {
    ok: false,
    message: `The pages parameter "${text}" selects more than ${MAX_PDF_PAGES_PER_REQUEST} pages; at most ${MAX_PDF_PAGES_PER_REQUEST} pages can be read per request. Read the document in several requests.`,
  };
}
