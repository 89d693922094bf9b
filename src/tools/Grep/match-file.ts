import { openRegularFile } from '../../files/open-regular-file.ts';
import { readUpTo } from '../../files/read-up-to.ts';
import type { FileHits, GrepLine, GrepQuery } from './types.ts';

/** What a file search needs of the query; plain data, so it crosses to a worker thread. */
export type MatchOptions = Pick<GrepQuery, 'pattern' | 'ignoreCase' | 'multiline' | 'mode' | 'before' | 'after'>;

/** Files larger than this are skipped by the fallback (ripgrep streams them; this reads whole files). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** The query's pattern as a JavaScript RegExp; throws a readable error when it is not one. */
export function compilePattern(options: MatchOptions): RegExp {
  const flags = `${options.ignoreCase ? 'i' : ''}${options.multiline ? 'gms' : ''}u`;
  try {
    return new RegExp(options.pattern, flags);
  } catch {
    try {
      return new RegExp(options.pattern, flags.replace('u', '')); // patterns valid only without the u flag (e.g. "\-")
    } catch (error) {
      throw new Error(`Invalid regular expression ${JSON.stringify(options.pattern)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/**
 * Searches one file: what matched (lines in content mode, with context) or `undefined` for no match, a
 * binary file (a NUL byte in the first 8 KiB), a file over 20 MiB, or anything but a regular file (a FIFO
 * or a device is never opened for a blocking read).
 */
export async function matchFile(options: { file: string; regex: RegExp; match: MatchOptions }): Promise<FileHits | undefined> {
  const text = await readText(options.file);
  if (text === undefined) return undefined;
  const found = searchText(text, options.regex, options.match);
  return found && { file: options.file, ...found };
}

async function readText(file: string): Promise<string | undefined> {
  try {
    const opened = await openRegularFile(file);
    if (!opened.ok) return undefined;
    try {
      const { size } = opened.stats;
      if (size > MAX_FILE_BYTES) return undefined;
      const bytes = await readUpTo(opened.handle, size, size);
      if (bytes.subarray(0, 8192).includes(0)) return undefined;
      return bytes.toString('utf8');
    } finally {
      await opened.handle.close();
    }
  } catch {
    return undefined;
  }
}

function searchText(text: string, regex: RegExp, options: MatchOptions): Omit<FileHits, 'file'> | undefined {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const matched = new Set<number>(); // 0-based line indexes
  let count = 0;
  if (options.multiline) {
    const starts: number[] = [];
    let offset = 0;
    for (const line of lines) {
      starts.push(offset);
      offset += line.length + 1;
    }
    const lineAt = (position: number) => {
      let low = 0;
      let high = starts.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if (starts[middle]! <= position) low = middle;
        else high = middle - 1;
      }
      return low;
    };
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      if (match[0] === '') regex.lastIndex++;
      const first = lineAt(match.index);
      const last = lineAt(Math.max(match.index, match.index + match[0].length - 1));
      if (first >= lines.length) break;
      count += 1;
      for (let index = first; index <= Math.min(last, lines.length - 1); index++) matched.add(index);
    }
  } else {
    lines.forEach((line, index) => {
      if (regex.test(line)) matched.add(index);
    });
    count = matched.size;
  }
  if (matched.size === 0) return undefined;
  if (options.mode !== 'content') return { count, lines: [] };
  const shown = new Map<number, GrepLine>();
  for (const index of matched) {
    for (let context = Math.max(0, index - options.before); context <= Math.min(lines.length - 1, index + options.after); context++) {
      if (!shown.has(context)) shown.set(context, { number: context + 1, text: lines[context]!, match: matched.has(context) });
    }
  }
  return { count, lines: [...shown.values()].sort((a, b) => a.number - b.number) };
}
