/** The limits of the Read tool (images: files/media/media-limits.ts). Values follow Claude Code's Read (see REFERENCE §C.4). */

/** Lines shown when `limit` is not given. */
export const DEFAULT_LINE_LIMIT = 2_000;

/** Longer lines are cut here, with a marker that gives the full length. */
export const MAX_LINE_LENGTH = 2_000;

/** A whole-file read (no offset/limit) of a text file larger than this returns a first page only. */
export const MAX_WHOLE_FILE_BYTES = 256 * 1024;

/** The output budget of one read, in estimated tokens (override: `CODEV_FILE_READ_MAX_OUTPUT_TOKENS`). */
export const DEFAULT_MAX_OUTPUT_TOKENS = 25_000;

/** Characters per estimated token (a rough, conservative estimate; no tokenizer at runtime). */
export const CHARS_PER_TOKEN = 4;

/** PDFs with more pages than this must be read with `pages`. */
export const MAX_PDF_PAGES_WITHOUT_RANGE = 10;

/** At most this many PDF pages per request. */
export const MAX_PDF_PAGES_PER_REQUEST = 20;

/** PDFs, notebooks and images larger than this are refused (they are loaded into memory whole). */
export const MAX_DOCUMENT_BYTES = 100 * 1024 * 1024;

/** One notebook output's text is cut here. */
export const MAX_NOTEBOOK_OUTPUT_CHARS = 10_000;

/** The token budget of one read: the env override when it is a positive integer, else the default. */
export function maxOutputTokens(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.CODEV_FILE_READ_MAX_OUTPUT_TOKENS);
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_MAX_OUTPUT_TOKENS;
}

/** A rough token estimate of a text. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
