import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { FILE_TYPES } from '../../search/file-types.ts';
import { globFilter } from '../../search/glob-filter.ts';
import { listFiles } from '../../search/list-files.ts';
import type { FileHits, GrepLine, GrepQuery, SearchOutcome } from './types.ts';

/** Files larger than this are skipped by the fallback (ripgrep streams them; this reads whole files). */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * The pure-Node Grep used when no ripgrep binary works: the fallback walk, ripgrep-style globs (no slash =
 * basename at any depth) and a subset of `--type`, JavaScript RegExp instead of Rust regex, binary files
 * (a NUL byte in the first 8 KiB) skipped. Same output shape as the ripgrep path.
 */
export async function searchWithNode(query: GrepQuery): Promise<SearchOutcome> {
  const regex = compile(query);
  let files: string[];
  let truncated = false;
  if (query.rootIsFile) files = [query.root];
  else {
    const listing = await listFiles({ root: query.root, signal: query.signal, env: { CODEV_RIPGREP: 'none' } });
    truncated = listing.truncated;
    const accept = fileFilter(query);
    files = listing.files.filter((file) => accept(path.relative(query.root, file).split(path.sep).join('/')));
  }
  const hits: FileHits[] = [];
  for (const file of files) {
    if (query.signal?.aborted) throw query.signal.reason instanceof Error ? query.signal.reason : new Error('The search was aborted');
    const text = await readText(file);
    if (text === undefined) continue;
    const found = searchText(text, regex, query);
    if (found) hits.push({ file, ...found });
  }
  return { hits, truncated };
}

function compile(query: GrepQuery): RegExp {
  const flags = `${query.ignoreCase ? 'i' : ''}${query.multiline ? 'gms' : ''}u`;
  try {
    return new RegExp(query.pattern, flags);
  } catch {
    try {
      return new RegExp(query.pattern, flags.replace('u', '')); // patterns valid only without the u flag (e.g. "\-")
    } catch (error) {
      throw new Error(`Invalid regular expression ${JSON.stringify(query.pattern)}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

function fileFilter(query: GrepQuery): (relative: string) => boolean {
  const byGlob = globFilter(query.globs);
  if (!query.type) return byGlob;
  const globs = FILE_TYPES[query.type];
  if (!globs) throw new Error(`ripgrep failed: unrecognized file type: ${query.type} (the built-in fallback knows: ${Object.keys(FILE_TYPES).join(', ')})`);
  const byType = globFilter(globs);
  return (relative) => byGlob(relative) && byType(relative);
}

async function readText(file: string): Promise<string | undefined> {
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_FILE_BYTES) return undefined;
      const head = Buffer.alloc(Math.min(8192, size));
      await handle.read(head, 0, head.length, 0);
      if (head.includes(0)) return undefined;
    } finally {
      await handle.close();
    }
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

function searchText(text: string, regex: RegExp, query: GrepQuery): Omit<FileHits, 'file'> | undefined {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const matched = new Set<number>(); // 0-based line indexes
  let count = 0;
  if (query.multiline) {
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
  if (query.mode !== 'content') return { count, lines: [] };
  const shown = new Map<number, GrepLine>();
  for (const index of matched) {
    for (let context = Math.max(0, index - query.before); context <= Math.min(lines.length - 1, index + query.after); context++) {
      if (!shown.has(context)) shown.set(context, { number: context + 1, text: lines[context]!, match: matched.has(context) });
    }
  }
  return { count, lines: [...shown.values()].sort((a, b) => a.number - b.number) };
}
