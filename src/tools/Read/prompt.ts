import { DEFAULT_LINE_LIMIT, MAX_LINE_LENGTH, MAX_PDF_PAGES_PER_REQUEST, MAX_PDF_PAGES_WITHOUT_RANGE } from './limits.ts';

export const READ_TOOL_NAME = 'Read';

export const DESCRIPTION = 'Read a file from the local filesystem: text, images, PDFs and Jupyter notebooks.';

/** The text the model sees for Read. */
export const PROMPT = `Reads a file from the local filesystem. You can read any file directly with this tool; if the user gives a path, assume it is valid. Reading a file that does not exist returns an error, which is fine.

Usage:
- file_path must be an absolute path, not a relative one.
- By default it reads up to ${DEFAULT_LINE_LIMIT} lines from the start of the file. For long files, pass offset (the 1-based line to start at) and limit (how many lines); prefer reading the whole file when it is small.
- Lines longer than ${MAX_LINE_LENGTH} characters are cut, with a marker.
- Results have numbered lines, starting at 1: the line number, a tab, then the line. The number and tab are not part of the file; leave them out when you quote or edit the file.
- Very large files return a first page with a notice telling how to read the rest.
- Images (PNG, JPEG, GIF, WebP) are returned as images you can see; large ones are resized.
- PDFs are returned as text, page by page. PDFs over ${MAX_PDF_PAGES_WITHOUT_RANGE} pages need the pages parameter (e.g. pages: "1-5"); at most ${MAX_PDF_PAGES_PER_REQUEST} pages per request.
- Jupyter notebooks (.ipynb) are returned as their cells with outputs.
- This tool reads files, not directories: to list a directory use Glob, or ls through Bash.
- You can call several tools in one response; read several likely-useful files at once when that helps.
- Reading a file in full is what allows Edit and Write to change it afterwards; a partial view does not.`;

export const SEARCH_HINT = 'read file view open contents text image pdf notebook lines';
