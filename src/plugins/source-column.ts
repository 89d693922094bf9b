import { readFile } from 'node:fs/promises';
import { createJiti } from './create-jiti.ts';

// How jiti wraps a module's code before it evaluates it: the wrapper shares line 1 with the code.
const WRAPPERS = ['async ', ''].map((prefix) => `(${prefix}function (exports, require, module, __filename, __dirname, jitiImport, jitiESMResolve) { `);
const SHORTEST_MATCH = 4;
const LONGEST_MATCH = 60;

let transformer: ReturnType<typeof createJiti> | undefined;

/**
 * The 1-based column in `file` of a stack frame's position. A frame's line is exact (jiti keeps lines when it
 * strips types and rewrites imports) but its column is in the code jiti generated: reformatted, and on line 1
 * shifted by jiti's wrapper. So the file is transformed again as jiti transforms it, the code at the frame's
 * column is read there and found on the same line of the file. Undefined when it cannot be found.
 */
export async function sourceColumn(options: { file: string; line: number; column: number }): Promise<number | undefined> {
  const { file, line, column } = options;
  let source: string;
  try {
    source = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const sourceLine = source.split('\n')[line - 1];
  if (sourceLine === undefined) return undefined;
  let generated: string | undefined;
  try {
    transformer ??= createJiti(import.meta.url, { moduleCache: false, fsCache: false });
    generated = transformer.transform({ source, filename: file, ts: /\.[cm]?tsx?$/.test(file), async: true, retainLines: true }).split('\n')[line - 1];
  } catch {
    generated = undefined;
  }
  const candidates = [generated ?? sourceLine].flatMap((text) => (line === 1 ? [...WRAPPERS.map((wrapper) => wrapper + text), text] : [text]));
  for (const candidate of candidates) {
    const found = findSnippet(sourceLine, candidate.slice(column - 1));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The 1-based column where the longest possible start of `snippet` (at least a few characters) is in `line`. */
function findSnippet(line: string, snippet: string): number | undefined {
  for (let length = Math.min(snippet.length, LONGEST_MATCH); length >= SHORTEST_MATCH; length--) {
    const index = line.indexOf(snippet.slice(0, length));
    if (index !== -1) return index + 1;
  }
  return undefined;
}
