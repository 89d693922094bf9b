import { z } from 'zod';
import { DEFAULT_LINE_LIMIT, MAX_PDF_PAGES_PER_REQUEST } from './limits.ts';

export const readInputSchema = z.strictObject({
  file_path: z.string().describe('The absolute path of the file to read'),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe('The 1-based line number to start reading from (0 is taken as 1). Only for files too large to read at once'),
  limit: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(`The number of lines to read (default ${DEFAULT_LINE_LIMIT}). Only for files too large to read at once`),
  pages: z
    .string()
    .optional()
    .describe(`PDF only: the pages to read, e.g. "3", "1-5" or "1,3,7-9". At most ${MAX_PDF_PAGES_PER_REQUEST} pages per request`),
});

export type ReadInput = z.output<typeof readInputSchema>;
