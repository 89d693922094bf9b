import path from 'node:path';
import { FILE_TYPES } from '../../search/file-types.ts';
import { globFilter } from '../../search/glob-filter.ts';
import { listFiles } from '../../search/list-files.ts';
import { RIPGREP_TIMEOUT_MS } from '../../search/run-ripgrep.ts';
import { compilePattern } from './match-file.ts';
import { matchFilesInWorker } from './match-files-in-worker.ts';
import type { GrepQuery, SearchOutcome } from './types.ts';

/**
 * The pure-Node Grep used when no ripgrep binary works: the fallback walk, ripgrep-style globs (no slash =
 * basename at any depth) and a subset of `--type`, JavaScript RegExp instead of Rust regex, binary files
 * (a NUL byte in the first 8 KiB) skipped. Same output shape as the ripgrep path. The files are listed
 * here and matched in a worker thread, under ripgrep's time limit: past it the search stops and what was
 * found is returned as truncated, as ripgrep's path does.
 */
export async function searchWithNode(query: GrepQuery, options: { timeoutMs?: number } = {}): Promise<SearchOutcome> {
  const match = { pattern: query.pattern, ignoreCase: query.ignoreCase, multiline: query.multiline, mode: query.mode, before: query.before, after: query.after };
  compilePattern(match); // an invalid pattern fails here, before a worker starts
  let files: string[];
  let truncated = false;
  if (query.rootIsFile) files = [query.root];
  else {
    const listing = await listFiles({ root: query.root, signal: query.signal, env: { CODEV_RIPGREP: 'none' } });
    truncated = listing.truncated;
    const accept = fileFilter(query);
    files = listing.files.filter((file) => accept(path.relative(query.root, file).split(path.sep).join('/')));
  }
  const matched = await matchFilesInWorker({ files, match, signal: query.signal, timeoutMs: options.timeoutMs ?? RIPGREP_TIMEOUT_MS });
  return { hits: matched.hits, truncated: truncated || matched.timedOut };
}

function fileFilter(query: GrepQuery): (relative: string) => boolean {
  const byGlob = globFilter(query.globs);
  if (!query.type) return byGlob;
  const globs = FILE_TYPES[query.type];
  if (!globs) throw new Error(`ripgrep failed: unrecognized file type: ${query.type} (the built-in fallback knows: ${Object.keys(FILE_TYPES).join(', ')})`);
  const byType = globFilter(globs);
  return (relative) => byGlob(relative) && byType(relative);
}
