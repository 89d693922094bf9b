import type { Stats } from 'node:fs';
import { openedFilePath } from '../files/opened-file-path.ts';
import { openRegularFile, type NonRegularFileType } from '../files/open-regular-file.ts';
import { readUpTo } from '../files/read-up-to.ts';
import type { ReadDecision } from './read-decision-for-file.ts';

/** A file read only after the decision on what was opened allowed it, or why not. */
export type CheckedFileRead =
  | { kind: 'read'; bytes: Buffer; realPath: string; stats: Stats }
  | { kind: 'missing' }
  | { kind: 'not-regular'; type: NonRegularFileType; stats: Stats }
  | { kind: 'too-large'; realPath: string; stats: Stats }
  | { kind: 'refused'; reason: string; rule?: string; realPath?: string; stats: Stats };

/** What `decide` is given: the name, the real path of the open file, its stats. */
export interface OpenedFileFacts {
  path: string;
  realPath: string;
  stats: Stats;
}

/**
 * Opens `file` as the OS resolves it (a regular file only: a FIFO, device, socket or folder is answered
 * without a byte read), asks `decide` about the file actually opened (its real path from the descriptor,
 * its inode and links), and only then reads it, from the same handle, `maxBytes` at most. A name swapped
 * for a link after the decision cannot change what is read. `path` is the name the rules see (default `file`).
 */
export async function readFileIfAllowed(options: { file: string; path?: string; maxBytes: number; decide: (opened: OpenedFileFacts) => ReadDecision | Promise<ReadDecision> }): Promise<CheckedFileRead> {
  let opened;
  try {
    opened = await openRegularFile(options.file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' };
    throw error;
  }
  if (!opened.ok) return { kind: 'not-regular', type: opened.type, stats: opened.stats };
  const { handle, stats } = opened;
  try {
    const realPath = await openedFilePath(handle, options.file);
    if (realPath === undefined) return { kind: 'refused', reason: 'it was removed or moved while it was opened', stats };
    const decision = await options.decide({ path: options.path ?? options.file, realPath, stats });
    if (decision.behavior === 'refuse') return { kind: 'refused', reason: decision.reason, ...(decision.rule && { rule: decision.rule }), realPath, stats };
    if (stats.size > options.maxBytes) return { kind: 'too-large', realPath, stats };
    const bytes = await readUpTo(handle, options.maxBytes + 1, stats.size);
    if (bytes.length > options.maxBytes) return { kind: 'too-large', realPath, stats };
    return { kind: 'read', bytes, realPath, stats };
  } finally {
    await handle.close();
  }
}
